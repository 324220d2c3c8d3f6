import { describe, expect, it } from 'vitest';
import { NoActiveCaipAddressError } from '../src/entries/errors';
import { chainPlugin, kernelFactory } from './helpers';

const makeKernel = kernelFactory();

describe('setConnected without accounts', () => {
  it('throws No ActiveCaipAddress found and emits nothing', () => {
    const kernel = makeKernel({ plugins: [chainPlugin('acme')] });
    const events: unknown[] = [];
    kernel.events.on('account:connected', (e) => events.push(e));
    expect(() => kernel.connection.setConnected('acme', { accounts: [] })).toThrow(NoActiveCaipAddressError);
    expect(() => kernel.connection.setConnected('acme', { accounts: [] })).toThrow('No ActiveCaipAddress found');
    expect(events).toEqual([]);
    expect(kernel.connection.get('acme').status).toBe('disconnected');
  });
});
