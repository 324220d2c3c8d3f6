// The bench's wallet page: marks the script start, announces a test wallet (EIP-6963, on a
// local anvil given as ?evm=), then runs the same minimal host and records when the
// eip155 namespace becomes connected.
import './markStart';
import './announceTestWallet';
import { portico } from './main';

const bench = window as { benchConnectedAt?: number; portico?: typeof portico };
bench.portico = portico;
const check = () => {
  if (bench.benchConnectedAt === undefined && portico.kernel.connection.get('eip155').status === 'connected') bench.benchConnectedAt = performance.now();
};
portico.kernel.connection.subscribe(check);
check();
