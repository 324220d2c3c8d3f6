// The bench's wallet page: announces a test wallet (EIP-6963, on a local anvil given as
// ?evm=), marks the host script's start, then runs the same minimal host and records when
// the eip155 namespace becomes connected.
// The wallet first, as a wallet extension's content script runs before the page's own script
// (and its key work happens outside the page): the mark then times the host's script alone.
import './announceTestWallet';
import './markStart';
import { portico } from './main';

const bench = window as { benchConnectedAt?: number; portico?: typeof portico };
bench.portico = portico;
const check = () => {
  if (bench.benchConnectedAt === undefined && portico.kernel.connection.get('eip155').status === 'connected') bench.benchConnectedAt = performance.now();
};
portico.kernel.connection.subscribe(check);
check();
