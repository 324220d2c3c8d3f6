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

// A host button whose request needs the user's approval in the modal (ApproveTransaction),
// for the bench's first-visit figure of that view.
const approval = document.createElement('button');
approval.id = 'bench-approval';
approval.type = 'button';
approval.textContent = 'Request needing approval';
approval.addEventListener('click', () => {
  void portico.kernel.requestGate
    .request('eip155', { method: 'personal_sign', params: ['0x68656c6c6f', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'] }, async () => 'not sent: the bench only opens the view')
    .catch(() => undefined);
});
document.body.append(approval);
