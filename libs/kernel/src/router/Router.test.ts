import { describe, expect, it } from 'vitest';
import { type CloseReason, validateManifest } from '../../test/internals';
import { chainPlugin, kernelFactory, manifest, plugin, record, rejectionOf, waitFor } from '../../test/helpers';

const makeKernel = kernelFactory({ withShell: true });

const views = (kernel: ReturnType<typeof makeKernel>) => kernel.router.getSnapshot().stack.map((entry) => entry.view);

describe('Router: the view stack', () => {
  it('starts closed on Connect', () => {
    const { router } = makeKernel();
    expect(router.home()).toBe('Connect');
    expect(router.getSnapshot()).toEqual({ isOpen: false, stack: [{ view: 'Connect' }], current: { view: 'Connect' } });
  });

  it('push adds, replace swaps the top, back pops, reset starts over', () => {
    const kernel = makeKernel();
    const { router } = kernel;
    expect(router.push('AllWallets')).toBe(true);
    expect(router.push('WalletDetails', { id: 'w1' })).toBe(true);
    expect(views(kernel)).toEqual(['Connect', 'AllWallets', 'WalletDetails']);
    expect(router.getSnapshot().current).toEqual({ view: 'WalletDetails', params: { id: 'w1' } });

    expect(router.replace('Networks')).toBe(true);
    expect(views(kernel)).toEqual(['Connect', 'AllWallets', 'Networks']);

    expect(router.back()).toBe(true);
    expect(views(kernel)).toEqual(['Connect', 'AllWallets']);

    expect(router.reset('Account', { tab: 'Tokens' })).toBe(true);
    expect(router.getSnapshot().stack).toEqual([{ view: 'Account', params: { tab: 'Tokens' } }]);
    router.reset();
    expect(views(kernel)).toEqual(['Connect']);
  });

  it('back on the root view does nothing and returns false', () => {
    const kernel = makeKernel();
    const changed = record(kernel, 'view:changed');
    const before = kernel.router.getSnapshot();
    expect(kernel.router.back()).toBe(false);
    expect(kernel.router.getSnapshot()).toBe(before);
    expect(changed).toEqual([]);
  });

  it('emits view:changed with the previous view, only when the view changes', () => {
    const kernel = makeKernel();
    const changed = record(kernel, 'view:changed');
    kernel.router.push('AllWallets');
    kernel.router.replace('AllWallets', { filter: 'x' });
    kernel.router.back();
    expect(changed).toEqual([
      { view: 'AllWallets', previous: 'Connect' },
      { view: 'Connect', previous: 'AllWallets' },
    ]);
  });

  it('notifies subscribers with a new immutable snapshot', () => {
    const { router } = makeKernel();
    const snapshots = [router.getSnapshot()];
    const off = router.subscribe(() => snapshots.push(router.getSnapshot()));
    router.push('A');
    off();
    router.push('B');
    expect(snapshots).toHaveLength(2);
    expect(snapshots[0]?.stack).toEqual([{ view: 'Connect' }]);
  });
});

describe('Router: open and close', () => {
  it('open() resolves with the close reason', async () => {
    const { router } = makeKernel();
    for (const reason of ['connected', 'cancelled', 'closed'] as const) {
      const done = router.open();
      expect(router.getSnapshot().isOpen).toBe(true);
      router.close(reason);
      await expect(done).resolves.toBe(reason);
    }
  });

  it('close() defaults to "cancelled" and resolves every open() waiter', async () => {
    const { router } = makeKernel();
    const first = router.open();
    const second = router.open();
    router.close();
    await expect(Promise.all([first, second])).resolves.toEqual(['cancelled', 'cancelled']);
  });

  it('open(view) on a closed modal starts a fresh stack on that view', () => {
    const kernel = makeKernel();
    const opened = record(kernel, 'modal:opened');
    kernel.router.push('Stale');
    void kernel.router.open('Account', { tab: 'NFTs' });
    expect(kernel.router.getSnapshot().stack).toEqual([{ view: 'Account', params: { tab: 'NFTs' } }]);
    expect(opened).toEqual([{ view: 'Account' }]);
  });

  it('open(view) on an open modal pushes the view, and does not emit modal:opened again', () => {
    const kernel = makeKernel();
    const opened = record(kernel, 'modal:opened');
    void kernel.router.open();
    void kernel.router.open('ApproveTransaction');
    void kernel.router.open('ApproveTransaction');
    expect(views(kernel)).toEqual(['Connect', 'ApproveTransaction']);
    expect(opened).toEqual([{ view: 'Connect' }]);
  });

  it('close resets the stack to Connect and emits modal:closed', () => {
    const kernel = makeKernel();
    const closed = record(kernel, 'modal:closed');
    void kernel.router.open('Account');
    kernel.router.push('Send');
    expect(kernel.router.close('connected')).toBe(true);
    expect(kernel.router.getSnapshot()).toMatchObject({ isOpen: false, stack: [{ view: 'Connect' }] });
    expect(closed).toEqual([{ reason: 'connected' }]);
  });

  it('closing a closed modal is a no-op that returns true', () => {
    const kernel = makeKernel();
    const closed = record(kernel, 'modal:closed');
    expect(kernel.router.close()).toBe(true);
    expect(closed).toEqual([]);
  });
});

describe('Router: guards', () => {
  it('a canClose guard blocks closing and emits modal:close-blocked; force skips it', async () => {
    const kernel = makeKernel();
    const blocked = record(kernel, 'modal:close-blocked');
    let settled: CloseReason | undefined;
    void kernel.router.open('SignIn').then((reason) => (settled = reason));
    kernel.router.addGuard({ canClose: (state) => state.current.view !== 'SignIn' });

    expect(kernel.router.close()).toBe(false);
    expect(kernel.router.getSnapshot().isOpen).toBe(true);
    expect(blocked).toEqual([{ view: 'SignIn' }]);
    await Promise.resolve();
    expect(settled).toBeUndefined();

    expect(kernel.router.close('closed', { force: true })).toBe(true);
    await Promise.resolve();
    expect(settled).toBe('closed');
  });

  it('a canLeave guard blocks navigating away, but not staying on the view', () => {
    const kernel = makeKernel();
    kernel.router.push('SignIn');
    const calls: Array<[string, string]> = [];
    kernel.router.addGuard({
      canLeave: (from, to) => {
        calls.push([from.view, to.view]);
        return from.view !== 'SignIn';
      },
    });
    expect(kernel.router.push('Elsewhere')).toBe(false);
    expect(kernel.router.back()).toBe(false);
    expect(kernel.router.reset()).toBe(false);
    expect(kernel.router.replace('SignIn', { retry: true })).toBe(true);
    expect(views(kernel)).toEqual(['Connect', 'SignIn']);
    expect(calls).toEqual([
      ['SignIn', 'Elsewhere'],
      ['SignIn', 'Connect'],
      ['SignIn', 'Connect'],
    ]);
    expect(kernel.router.back({ force: true })).toBe(true);
    expect(views(kernel)).toEqual(['Connect']);
  });

  it('removing a guard lifts its veto', () => {
    const kernel = makeKernel();
    void kernel.router.open();
    const remove = kernel.router.addGuard({ canClose: () => false });
    expect(kernel.router.close()).toBe(false);
    remove();
    expect(kernel.router.close()).toBe(true);
  });

  it('one vetoing guard is enough, whatever the others say', () => {
    const kernel = makeKernel();
    void kernel.router.open();
    kernel.router.addGuard({ canClose: () => true });
    kernel.router.addGuard({ canClose: () => false });
    kernel.router.addGuard({ canLeave: () => true });
    expect(kernel.router.close()).toBe(false);
  });
});

describe('Router: views by role', () => {
  const bare = kernelFactory();

  it('takes the home and approval views from contributions, not from names of its own', () => {
    const kernel = bare({
      plugins: [plugin(manifest('modal', { contributes: { views: [{ id: 'Start', title: 'Start', role: 'home' }, { id: 'Confirm', title: 'Confirm', role: 'approval' }] } }))],
    });
    expect(kernel.router.home()).toBe('Start');
    expect(kernel.router.viewFor('approval')).toBe('Confirm');
    expect(kernel.router.getSnapshot().current.view).toBe('Start');
    void kernel.router.open();
    kernel.router.push('Elsewhere');
    kernel.router.close();
    expect(kernel.router.getSnapshot().stack).toEqual([{ view: 'Start' }]);
  });

  it("has no home view ('') until a plugin contributes one, then the closed stack follows it", () => {
    const kernel = bare();
    expect(kernel.router.home()).toBe('');
    expect(kernel.router.viewFor('approval')).toBeUndefined();
    expect(kernel.router.getSnapshot().current.view).toBe('');
    kernel.contributions.add('late', { views: [{ id: 'Late', title: 'Late', role: 'home' }] });
    expect(kernel.router.getSnapshot()).toEqual({ isOpen: false, stack: [{ view: 'Late' }], current: { view: 'Late' } });
  });

  it('opens on the account view while a namespace is connected (a refused request shows over it, not over Connect)', async () => {
    const kernel = bare({
      plugins: [
        plugin(manifest('modal', { contributes: { views: [{ id: 'Start', title: 'Start', role: 'home' }, { id: 'Me', title: 'Me', role: 'account' }] } })),
        chainPlugin('acme', { contributes: { rpcPolicies: [{ id: 'acme', namespace: 'acme', safe: ['acme_get'] }] } }),
      ],
      notAllowedDelayMs: 1,
    });
    void kernel.router.open();
    expect(kernel.router.getSnapshot().current.view).toBe('Start');
    kernel.router.close();
    kernel.connection.setConnected('acme', { accounts: [{ address: 'acme:1:0xabc', type: 'eoa' }], network: 'acme:1' });
    // Its rejection is taken at once: the refusal comes 1 ms later, while this waits for the modal.
    const refused = rejectionOf(kernel.requestGate.request('acme', { method: 'acme_drain' }, async () => 'never'));
    // The gate's approval flow is a module it loads with the first request that needs it.
    await waitFor(() => kernel.router.getSnapshot().isOpen);
    expect(kernel.router.getSnapshot()).toMatchObject({ isOpen: true, current: { view: 'Me' } });
    expect(await refused).toMatchObject({ name: 'RpcMethodNotAllowedError', message: 'Requested RPC call is not allowed' });
    expect(kernel.router.getSnapshot().current.view).toBe('Me');
  });

  it('refuses a role the schema does not know', () => {
    expect(() => validateManifest(manifest('x', { contributes: { views: [{ id: 'V', title: 'V', role: 'landing' }] } }))).toThrow(/role/);
  });
});
