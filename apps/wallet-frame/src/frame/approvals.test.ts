import { describe, expect, it, vi } from 'vitest';
import { createApprovals } from './approvals';
import { needsApproval } from './createFrameWallet';

describe('createApprovals: the requests waiting for the user in the frame', () => {
  it('resolves a request only through approve; reject, cancelAll and the timeout refuse with 4001', async () => {
    vi.useFakeTimers();
    try {
      const seen: number[] = [];
      const approvals = createApprovals({ onChange: (queue) => seen.push(queue.length), timeoutMs: 60_000 });
      const first = approvals.ask({ network: 'eip155:1', method: 'personal_sign', params: ['hi'] });
      const second = approvals.ask({ network: 'eip155:1', method: 'eth_sendTransaction', params: [{}] });
      const third = approvals.ask({ network: 'solana:x', method: 'solana_signMessage', params: {} });
      const [a, b, c] = approvals.list();
      expect(approvals.list().map((r) => r.method)).toEqual(['personal_sign', 'eth_sendTransaction', 'solana_signMessage']);
      expect(approvals.approve(a!.id)).toBe(true);
      await expect(first).resolves.toBeUndefined();
      // An id answered once cannot be answered again.
      expect(approvals.approve(a!.id)).toBe(false);
      approvals.reject(b!.id);
      await expect(second).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' });
      vi.advanceTimersByTime(60_000);
      await expect(third).rejects.toMatchObject({ code: 4001, message: 'The request was not approved in time' });
      expect(approvals.approve(c!.id)).toBe(false);
      expect(seen).toEqual([1, 2, 3, 2, 1, 0]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('cancelAll refuses everything waiting and says how many', async () => {
    const approvals = createApprovals({ onChange: () => undefined });
    const waiting = [approvals.ask({ network: 'eip155:1', method: 'personal_sign' }), approvals.ask({ network: 'eip155:1', method: 'personal_sign' })];
    expect(approvals.cancelAll()).toBe(2);
    for (const request of waiting) await expect(request).rejects.toMatchObject({ code: 4001 });
    expect(approvals.cancelAll()).toBe(0);
  });
});

describe('needsApproval: what waits for a click in the frame', () => {
  it('everything that signs or sends', () => {
    for (const method of ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_grantPermissions', 'solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction']) expect(needsApproval(method, [])).toBe(true);
    for (const method of ['eth_accounts', 'eth_chainId', 'wallet_getCapabilities', 'wallet_getCallsStatus', 'wallet_getGrantedExecutionPermissions', 'solana_getAccounts']) expect(needsApproval(method, [])).toBe(false);
  });

  it('a batch only without a grant’s context in plain objects (the one path the host lets through without its view)', () => {
    const context = `0x${'ab'.repeat(32)}`;
    expect(needsApproval('wallet_sendCalls', [{ calls: [], capabilities: { permissions: { context } } }])).toBe(false);
    expect(needsApproval('wallet_sendCalls', [{ calls: [] }])).toBe(true);
    expect(needsApproval('wallet_sendCalls', [{ calls: [], capabilities: { permissions: { context: '0x1234' } } }])).toBe(true);
    expect(needsApproval('wallet_sendCalls', [{ calls: [], capabilities: Object.assign([], { permissions: { context } }) }])).toBe(true);
    expect(needsApproval('wallet_sendCalls', { capabilities: { permissions: { context } } })).toBe(true);
  });
});
