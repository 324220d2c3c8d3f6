import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from './internals';
import { chainPlugin, kernelFactory } from './helpers';

const makeKernel = kernelFactory();

describe('persistence while a restored connection is still reconnecting', () => {
  it('an unrelated write does not make the next load forget the connection', () => {
    const storage = createMemoryStorage();
    const first = makeKernel({ storage, plugins: [chainPlugin('acme')] });
    first.connection.setConnected('acme', { accounts: [{ address: 'acme:1:a1', type: 'eoa' }], connectorId: 'w1' });
    const second = makeKernel({ storage, plugins: [chainPlugin('acme')] });
    expect(second.connection.get('acme').status).toBe('connecting');
    second.connection.addRecentWallet({ id: 'w2', name: 'Other' });
    const third = makeKernel({ storage, plugins: [chainPlugin('acme')] });
    expect(third.connection.restoredSession('acme')).toEqual({ connectorId: 'w1', network: 'acme:1' });
  });
});
