import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { kernelRefs, NOT_ALLOWED_DELAY_MS, type KernelConfig } from '../../test/internals';
import { RequestAbortedError, RpcMethodNotAllowedError, UserRejectedRequestError, ViewNotFoundError } from '../../src/entries/errors';
import { chainPlugin, kernelFactory, record, rejectionOf, waitFor } from '../../test/helpers';

const makeKernel = kernelFactory({ withShell: true });

// The approval flow is a module the gate loads with the first request that needs the user; loading
// it here first keeps each test's waiting to the gate's own (a few microtasks, as in a page that has it).
beforeAll(async () => {
  await import('./approvalFlow');
});

/** Until `count` requests wait on the approval view (the flow's module is imported first). */
const asked = (kernel: { requestGate: { getSnapshot(): { pending: readonly unknown[] } } }, count = 1) => waitFor(() => kernel.requestGate.getSnapshot().pending.length >= count);

const policy = { id: 'acme-rpc', namespace: 'acme', safe: ['acme_get*', 'acme_chainId'], confirm: ['acme_sign', 'acme_send*'] };

function gateKernel(config: KernelConfig = {}) {
  return makeKernel({ plugins: [chainPlugin('acme', { contributes: { rpcPolicies: [policy] } })], ...config });
}

/** A `send` that counts its calls and answers with `result`. */
function sender<T>(result: T) {
  const calls: number[] = [];
  const send = async () => {
    calls.push(Date.now());
    return result;
  };
  return { send, calls };
}

/** Tracks how a promise settled without awaiting it. */
function track<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T; error?: unknown } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error: unknown) => Object.assign(state, { settled: true, error }),
  );
  return state;
}

describe('RequestGate: without an approval view', () => {
  const bare = kernelFactory();

  it('refuses a confirm request at once with ViewNotFoundError instead of waiting on a view nobody shows; safe ones still go', async () => {
    const kernel = bare({ plugins: [chainPlugin('acme', { contributes: { rpcPolicies: [policy] } })] });
    const { send, calls } = sender('0xsig');
    const error = await rejectionOf(kernel.requestGate.request('acme', { method: 'acme_sign' }, send));
    expect(error).toBeInstanceOf(ViewNotFoundError);
    expect(error).toMatchObject({ code: 'kernel/view-not-found', details: expect.stringMatching(/role "approval".*acme_sign/) });
    expect(calls).toHaveLength(0);
    expect(kernel.requestGate.getSnapshot().pending).toEqual([]);
    expect(kernel.router.getSnapshot().isOpen).toBe(false);
    await expect(kernel.requestGate.request('acme', { method: 'acme_chainId' }, send)).resolves.toBe('0xsig');
  });
});

describe('RequestGate: safe and confirm', () => {
  it('sends a safe request at once without opening the modal', async () => {
    const kernel = gateKernel();
    const requested = record(kernel, 'rpc:approval-requested');
    const { send, calls } = sender('0x10');
    await expect(kernel.requestGate.request('acme', { method: 'acme_getBalance' }, send)).resolves.toBe('0x10');
    expect(calls).toHaveLength(1);
    expect(kernel.router.getSnapshot().isOpen).toBe(false);
    expect(requested).toEqual([]);
  });

  it('passes on the error of a safe send', async () => {
    const kernel = gateKernel();
    const boom = new Error('rpc down');
    await expect(kernel.requestGate.request('acme', { method: 'acme_chainId' }, () => Promise.reject(boom))).rejects.toBe(boom);
  });

  it('a confirm request opens ApproveTransaction, waits, and approve(id) sends it', async () => {
    const kernel = gateKernel();
    const requested = record(kernel, 'rpc:approval-requested');
    const settled = record(kernel, 'rpc:approval-settled');
    const closed = record(kernel, 'modal:closed');
    const { send, calls } = sender('0xsig');
    // The order of facts, not time, shows that nothing is sent before the approval.
    const order: string[] = [];
    kernel.events.on('rpc:approval-settled', () => void order.push('approved'));
    const sendAfter = () => {
      order.push('sent');
      return send();
    };

    const result = track(kernel.requestGate.request('acme', { method: 'acme_sign', params: ['hello'] }, sendAfter));
    await asked(kernel);
    expect(kernel.router.viewFor('approval')).toBe('ApproveTransaction');
    const pending = kernel.requestGate.getSnapshot().pending;
    expect(pending).toEqual([{ id: expect.any(String), namespace: 'acme', method: 'acme_sign', params: ['hello'] }]);
    const id = pending[0]!.id;
    expect(kernel.router.getSnapshot()).toMatchObject({ isOpen: true, current: { view: 'ApproveTransaction', params: { id } } });
    expect(requested).toEqual([{ id, namespace: 'acme', method: 'acme_sign' }]);
    expect(calls).toHaveLength(0);
    expect(result.settled).toBe(false);

    kernel.requestGate.approve(id);
    await waitFor(() => result.settled);
    expect(result.value).toBe('0xsig');
    expect(calls).toHaveLength(1);
    expect(order).toEqual(['approved', 'sent']);
    expect(settled).toEqual([{ id, approved: true }]);
    expect(kernel.requestGate.getSnapshot().pending).toEqual([]);
    expect(kernel.router.getSnapshot().isOpen).toBe(false);
    expect(closed).toEqual([{ reason: 'closed' }]);
  });

  it('reject(id) rejects with UserRejectedRequestError and never sends', async () => {
    const kernel = gateKernel();
    const closed = record(kernel, 'modal:closed');
    const { send, calls } = sender('0xsig');
    const request = kernel.requestGate.request('acme', { method: 'acme_sendTransaction' }, send);
    await asked(kernel);
    const id = kernel.requestGate.getSnapshot().pending[0]!.id;
    kernel.requestGate.reject(id);
    const error = await rejectionOf(request);
    expect(error).toBeInstanceOf(UserRejectedRequestError);
    expect(error).toMatchObject({ message: 'User rejected the request', rpcCode: 4001, details: 'acme_sendTransaction' });
    expect(calls).toEqual([]);
    expect(closed).toEqual([{ reason: 'cancelled' }]);
  });

  it('closing the modal rejects every pending approval', async () => {
    const kernel = gateKernel();
    const first = kernel.requestGate.request('acme', { method: 'acme_sign' }, sender(1).send);
    const second = kernel.requestGate.request('acme', { method: 'acme_sendTransaction' }, sender(2).send);
    await asked(kernel, 2);
    expect(kernel.requestGate.getSnapshot().pending).toHaveLength(2);
    kernel.router.close();
    await expect(first).rejects.toBeInstanceOf(UserRejectedRequestError);
    await expect(second).rejects.toBeInstanceOf(UserRejectedRequestError);
    expect(kernel.requestGate.getSnapshot().pending).toEqual([]);
  });

  it('approve/reject of an unknown id do nothing', async () => {
    const kernel = gateKernel();
    const settled = record(kernel, 'rpc:approval-settled');
    const request = kernel.requestGate.request('acme', { method: 'acme_sign' }, sender(1).send);
    await asked(kernel);
    kernel.requestGate.approve('approval-999');
    kernel.requestGate.reject('nope');
    expect(settled).toEqual([]);
    const [pending] = kernel.requestGate.getSnapshot().pending;
    expect(kernel.requestGate.getSnapshot().pending).toHaveLength(1);
    // Still open: its own approval settles it, and a promise settles only once.
    kernel.requestGate.approve(pending!.id);
    await expect(request).resolves.toBe(1);
    expect(settled).toEqual([{ id: pending!.id, approved: true }]);
  });

  it('on an already open modal, the approval view is pushed and popped afterwards', async () => {
    const kernel = gateKernel();
    void kernel.router.open('Account');
    const request = kernel.requestGate.request('acme', { method: 'acme_sign' }, sender('ok').send);
    await asked(kernel);
    expect(kernel.router.getSnapshot().stack.map((e) => e.view)).toEqual(['Account', 'ApproveTransaction']);
    kernel.requestGate.approve(kernel.requestGate.getSnapshot().pending[0]!.id);
    await expect(request).resolves.toBe('ok');
    expect(kernel.router.getSnapshot()).toMatchObject({ isOpen: true, current: { view: 'Account' } });
  });

  it('stays on the approval view until the last pending request is settled', async () => {
    const kernel = gateKernel();
    const a = kernel.requestGate.request('acme', { method: 'acme_sign' }, sender('a').send);
    const b = kernel.requestGate.request('acme', { method: 'acme_sign' }, sender('b').send);
    await asked(kernel, 2);
    const [first, second] = kernel.requestGate.getSnapshot().pending;
    kernel.requestGate.approve(first!.id);
    await expect(a).resolves.toBe('a');
    expect(kernel.router.getSnapshot()).toMatchObject({ isOpen: true, current: { view: 'ApproveTransaction' } });
    kernel.requestGate.reject(second!.id);
    await expect(b).rejects.toBeInstanceOf(UserRejectedRequestError);
    expect(kernel.router.getSnapshot().isOpen).toBe(false);
  });
});

describe('RequestGate: refused methods', () => {
  afterEach(() => void vi.useRealTimers());

  it('the default delay is the spec value, 300 ms', () => {
    expect(NOT_ALLOWED_DELAY_MS).toBe(300);
    expect(gateKernel().getService(kernelRefs.settings).notAllowedDelayMs).toBe(300);
  });

  it('opens the modal at once; only after the delay sets notAllowed and rejects with RpcMethodNotAllowedError', async () => {
    vi.useFakeTimers();
    const kernel = gateKernel({ notAllowedDelayMs: 40 });
    const rejected = record(kernel, 'rpc:rejected');
    const { send, calls } = sender('never');
    const promise = kernel.requestGate.request('acme', { method: 'acme_drainWallet' }, send);
    const request = track(promise);
    // The flow's module answers in a few microtasks; no time passes.
    await vi.advanceTimersByTimeAsync(0);
    expect(kernel.router.getSnapshot().isOpen).toBe(true);
    expect(rejected).toEqual([{ namespace: 'acme', method: 'acme_drainWallet' }]);
    await vi.advanceTimersByTimeAsync(39);
    expect(kernel.requestGate.getSnapshot().notAllowed).toBeUndefined();
    expect(request.settled).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    const error = await rejectionOf(promise);
    expect(error).toBeInstanceOf(RpcMethodNotAllowedError);
    expect((error as Error).message).toBe('Requested RPC call is not allowed');
    expect(kernel.requestGate.getSnapshot().notAllowed).toEqual({ namespace: 'acme', method: 'acme_drainWallet' });
    expect(calls).toEqual([]);
  });

  it('uses the 300 ms default when none is configured', async () => {
    vi.useFakeTimers();
    const kernel = gateKernel();
    const promise = kernel.requestGate.request('acme', { method: 'acme_unknown' }, sender(0).send);
    const request = track(promise);
    await vi.advanceTimersByTimeAsync(299);
    expect(request.settled).toBe(false);
    expect(kernel.requestGate.getSnapshot().notAllowed).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(await rejectionOf(promise)).toBeInstanceOf(RpcMethodNotAllowedError);
    expect(kernel.requestGate.getSnapshot().notAllowed).toEqual({ namespace: 'acme', method: 'acme_unknown' });
  });

  it('rejects every pending approval with RequestAbortedError and keeps "Action not allowed" on screen', async () => {
    const kernel = gateKernel({ notAllowedDelayMs: 30 });
    const approval = kernel.requestGate.request('acme', { method: 'acme_sign' }, sender('sig').send);
    const refused = kernel.requestGate.request('acme', { method: 'acme_selfDestruct' }, sender('x').send);

    const aborted = await rejectionOf(approval);
    expect(aborted).toBeInstanceOf(RequestAbortedError);
    expect(aborted).toMatchObject({ message: 'Request was aborted', code: 'kernel/request-aborted', details: 'acme_sign' });
    await expect(refused).rejects.toBeInstanceOf(RpcMethodNotAllowedError);
    expect(kernel.requestGate.getSnapshot()).toEqual({ pending: [], notAllowed: { namespace: 'acme', method: 'acme_selfDestruct' } });
    expect(kernel.router.getSnapshot().isOpen).toBe(true);
  });

  it('dismissNotAllowed and closing the modal clear the notice', async () => {
    const kernel = gateKernel({ notAllowedDelayMs: 0 });
    await expect(kernel.requestGate.request('acme', { method: 'nope' }, sender(0).send)).rejects.toBeInstanceOf(RpcMethodNotAllowedError);
    expect(kernel.requestGate.getSnapshot().notAllowed).toBeDefined();
    kernel.requestGate.dismissNotAllowed();
    expect(kernel.requestGate.getSnapshot().notAllowed).toBeUndefined();

    await expect(kernel.requestGate.request('acme', { method: 'nope' }, sender(0).send)).rejects.toBeInstanceOf(RpcMethodNotAllowedError);
    kernel.router.close();
    expect(kernel.requestGate.getSnapshot().notAllowed).toBeUndefined();
  });

  it('a namespace without any policy refuses everything', async () => {
    const kernel = gateKernel({ notAllowedDelayMs: 0 });
    await expect(kernel.requestGate.request('beta', { method: 'acme_getBalance' }, sender(0).send)).rejects.toBeInstanceOf(
      RpcMethodNotAllowedError,
    );
  });
});

describe('RequestGate: kernel dispose', () => {
  it('rejects pending approvals with RequestAbortedError', async () => {
    const kernel = gateKernel();
    const approval = kernel.requestGate.request('acme', { method: 'acme_sign' }, sender('sig').send);
    await kernel.dispose();
    await expect(approval).rejects.toBeInstanceOf(RequestAbortedError);
  });

  it('settles a refused request still waiting for its delay instead of leaving it hanging', async () => {
    const kernel = gateKernel({ notAllowedDelayMs: 10_000 });
    const refused = track(kernel.requestGate.request('acme', { method: 'acme_bad' }, sender(0).send));
    await kernel.dispose();
    await waitFor(() => refused.settled, 500);
    expect(refused.error).toBeInstanceOf(RpcMethodNotAllowedError);
  });
});

describe('RequestGate: wallets that confirm in their own UI', () => {
  it('sends a confirm request straight to the wallet, without the approval view', async () => {
    const kernel = gateKernel();
    const requested = record(kernel, 'rpc:approval-requested');
    const { send, calls } = sender('0xsig');
    await expect(kernel.requestGate.request('acme', { method: 'acme_sign' }, send, { walletConfirms: true })).resolves.toBe('0xsig');
    expect(calls).toHaveLength(1);
    expect(requested).toEqual([]);
    expect(kernel.router.getSnapshot().isOpen).toBe(false);
  });

  it('still refuses a method the policy rejects', async () => {
    const kernel = gateKernel({ notAllowedDelayMs: 10 });
    const { send, calls } = sender('0x');
    const error = await rejectionOf(kernel.requestGate.request('acme', { method: 'acme_drain' }, send, { walletConfirms: true }));
    expect(error).toBeInstanceOf(RpcMethodNotAllowedError);
    expect(calls).toEqual([]);
    expect(kernel.requestGate.getSnapshot().notAllowed).toEqual({ namespace: 'acme', method: 'acme_drain' });
  });
});

describe('RequestGate: wallets that ask the user in their own UI, shown by the approval view (embedded wallets)', () => {
  /** A wallet whose answer the test gives: resolve with a result or reject with an error. */
  function walletAsking() {
    let answer!: { resolve(value: string): void; reject(error: unknown): void };
    const calls: number[] = [];
    const send = () => {
      calls.push(Date.now());
      return new Promise<string>((resolve, reject) => (answer = { resolve, reject }));
    };
    return { send, calls, answer: () => answer };
  }

  it('opens the approval view marked inWallet and sends at once; the wallet’s answer settles it and the view leaves', async () => {
    const kernel = gateKernel();
    const requested = record(kernel, 'rpc:approval-requested');
    const settled = record(kernel, 'rpc:approval-settled');
    const wallet = walletAsking();
    const result = track(kernel.requestGate.request('acme', { method: 'acme_sign', params: ['hi'] }, wallet.send, { walletConfirmsInModal: true }));
    await asked(kernel);
    // Nothing waits for Portico's own Approve: the wallet has the request now.
    expect(wallet.calls).toHaveLength(1);
    const [pending] = kernel.requestGate.getSnapshot().pending;
    expect(pending).toMatchObject({ namespace: 'acme', method: 'acme_sign', params: ['hi'], inWallet: true });
    expect(kernel.router.getSnapshot()).toMatchObject({ isOpen: true, current: { view: 'ApproveTransaction', params: { id: pending!.id } } });
    expect(requested).toEqual([{ id: pending!.id, namespace: 'acme', method: 'acme_sign' }]);
    // Portico's approve does nothing for it: only the wallet answers.
    kernel.requestGate.approve(pending!.id);
    expect(result.settled).toBe(false);
    wallet.answer().resolve('0xsig');
    await waitFor(() => result.settled);
    expect(result.value).toBe('0xsig');
    expect(settled).toEqual([{ id: pending!.id, approved: true }]);
    expect(kernel.requestGate.getSnapshot().pending).toEqual([]);
    expect(kernel.router.getSnapshot().isOpen).toBe(false);
  });

  it('the user’s refusal in the wallet (4001) reaches the caller and leaves the view without a failure', async () => {
    const kernel = gateKernel();
    const wallet = walletAsking();
    const result = track(kernel.requestGate.request('acme', { method: 'acme_sign' }, wallet.send, { walletConfirmsInModal: true }));
    await asked(kernel);
    const declined = Object.assign(new Error('User rejected the request.'), { code: 4001 });
    wallet.answer().reject(declined);
    await waitFor(() => result.settled);
    expect(result.error).toBe(declined);
    expect(kernel.requestGate.getSnapshot().pending).toEqual([]);
    expect(kernel.requestGate.getSnapshot().failed).toBeUndefined();
    expect(kernel.router.getSnapshot().isOpen).toBe(false);
  });

  it('another failure stays on the approval view, as for a request approved here', async () => {
    const kernel = gateKernel();
    const wallet = walletAsking();
    const result = track(kernel.requestGate.request('acme', { method: 'acme_send' }, wallet.send, { walletConfirmsInModal: true }));
    await asked(kernel);
    const broken = Object.assign(new Error('insufficient funds'), { code: -32000 });
    wallet.answer().reject(broken);
    await waitFor(() => result.settled);
    expect(result.error).toBe(broken);
    expect(kernel.requestGate.getSnapshot()).toMatchObject({ pending: [], failed: { method: 'acme_send', error: broken } });
    expect(kernel.router.getSnapshot()).toMatchObject({ isOpen: true, current: { view: 'ApproveTransaction' } });
  });

  it('reject(id) and closing the modal take it off the view (the wallet, no longer shown, is told by its plugin); its answer still reaches the caller', async () => {
    const kernel = gateKernel();
    const first = walletAsking();
    const second = walletAsking();
    const a = track(kernel.requestGate.request('acme', { method: 'acme_sign' }, first.send, { walletConfirmsInModal: true }));
    const b = track(kernel.requestGate.request('acme', { method: 'acme_sign' }, second.send, { walletConfirmsInModal: true }));
    await asked(kernel, 2);
    kernel.requestGate.reject(kernel.requestGate.getSnapshot().pending[0]!.id);
    expect(kernel.requestGate.getSnapshot().pending).toHaveLength(1);
    expect(kernel.router.getSnapshot().isOpen).toBe(true);
    kernel.router.close('cancelled');
    expect(kernel.requestGate.getSnapshot().pending).toEqual([]);
    expect(a.settled || b.settled).toBe(false);
    first.answer().reject(Object.assign(new Error('User rejected the request.'), { code: 4001 }));
    second.answer().resolve('0xlate');
    await waitFor(() => a.settled && b.settled);
    expect(a.error).toMatchObject({ code: 4001 });
    expect(b.value).toBe('0xlate');
    expect(kernel.router.getSnapshot().isOpen).toBe(false);
  });

  it('a method the policy rejects is refused as ever; a safe one goes without the view', async () => {
    const kernel = gateKernel({ notAllowedDelayMs: 10 });
    const wallet = walletAsking();
    expect(await rejectionOf(kernel.requestGate.request('acme', { method: 'acme_drain' }, wallet.send, { walletConfirmsInModal: true }))).toBeInstanceOf(RpcMethodNotAllowedError);
    const safe = track(kernel.requestGate.request('acme', { method: 'acme_chainId' }, wallet.send, { walletConfirmsInModal: true }));
    await waitFor(() => wallet.calls.length === 1);
    wallet.answer().resolve('0x1');
    await waitFor(() => safe.settled);
    expect(kernel.requestGate.getSnapshot().pending).toEqual([]);
  });
});

describe('RequestGate: an approved request that fails', () => {
  /** A send that rejects the way a wallet on a dead RPC does (the real `fetch` failure). */
  const failingSend = async () => {
    await fetch('http://127.0.0.1:9/', { method: 'POST' });
    return 'unreachable';
  };

  it('rejects the host with the original error and reopens the approval view with the failure', async () => {
    const kernel = gateKernel();
    const request = kernel.requestGate.request('acme', { method: 'acme_sendTransaction', params: [{ to: 'x' }] }, failingSend);
    await asked(kernel);
    const id = kernel.requestGate.getSnapshot().pending[0]!.id;
    kernel.requestGate.approve(id);
    const error = await rejectionOf(request);
    expect(error).toBeInstanceOf(TypeError);
    expect(kernel.requestGate.getSnapshot().failed).toEqual({ id, namespace: 'acme', method: 'acme_sendTransaction', params: [{ to: 'x' }], error });
    expect(kernel.router.getSnapshot()).toMatchObject({ isOpen: true, current: { view: 'ApproveTransaction', params: { id } } });
  });

  it('dismissFailure clears it and goes back to the view under it', async () => {
    const kernel = gateKernel();
    void kernel.router.open('Account');
    const request = kernel.requestGate.request('acme', { method: 'acme_sign' }, failingSend);
    await asked(kernel);
    kernel.requestGate.approve(kernel.requestGate.getSnapshot().pending[0]!.id);
    await rejectionOf(request);
    expect(kernel.router.getSnapshot().stack.map((e) => e.view)).toEqual(['Account', 'ApproveTransaction']);
    kernel.requestGate.dismissFailure();
    expect(kernel.requestGate.getSnapshot().failed).toBeUndefined();
    expect(kernel.router.getSnapshot()).toMatchObject({ isOpen: true, current: { view: 'Account' } });
  });

  it('closing the modal clears the failure; a successful send records none', async () => {
    const kernel = gateKernel();
    const request = kernel.requestGate.request('acme', { method: 'acme_sign' }, failingSend);
    await asked(kernel);
    kernel.requestGate.approve(kernel.requestGate.getSnapshot().pending[0]!.id);
    await rejectionOf(request);
    kernel.router.close();
    expect(kernel.requestGate.getSnapshot().failed).toBeUndefined();
    const ok = kernel.requestGate.request('acme', { method: 'acme_sign' }, sender('0xsig').send);
    await asked(kernel);
    kernel.requestGate.approve(kernel.requestGate.getSnapshot().pending[0]!.id);
    await expect(ok).resolves.toBe('0xsig');
    expect(kernel.requestGate.getSnapshot().failed).toBeUndefined();
    expect(kernel.router.getSnapshot().isOpen).toBe(false);
  });

  it('a failure of a send that needed no approval (safe, or the wallet confirms) opens nothing', async () => {
    const kernel = gateKernel();
    await rejectionOf(kernel.requestGate.request('acme', { method: 'acme_getBalance' }, failingSend));
    await rejectionOf(kernel.requestGate.request('acme', { method: 'acme_sign' }, failingSend, { walletConfirms: true }));
    expect(kernel.requestGate.getSnapshot().failed).toBeUndefined();
    expect(kernel.router.getSnapshot().isOpen).toBe(false);
  });

  it('logs the developer detail', async () => {
    const lines: string[] = [];
    const kernel = gateKernel({ logLevel: 'warn', logSink: (_level, message) => void lines.push(message) });
    const request = kernel.requestGate.request('acme', { method: 'acme_sign' }, failingSend);
    await asked(kernel);
    kernel.requestGate.approve(kernel.requestGate.getSnapshot().pending[0]!.id);
    await rejectionOf(request);
    expect(lines.some((line) => line.includes('The approved acme_sign request failed'))).toBe(true);
  });
});
