import { describe, expect, it } from 'vitest';
import { validateManifest, type Manifest } from '../../test/internals';
import { RpcMethodNotAllowedError } from '../../src/entries/errors';
import { chainPlugin, errorOf, kernelFactory, manifest, plugin } from '../../test/helpers';

const makeKernel = kernelFactory();

type Policy = NonNullable<NonNullable<Manifest['contributes']>['rpcPolicies']>[number];

/** A kernel with one chain plugin per namespace, contributing the given policies. */
function withPolicies(...policies: Policy[]) {
  const namespaces = [...new Set(policies.map((p) => p.namespace))];
  return makeKernel({
    plugins: namespaces.map((ns) => chainPlugin(ns, { contributes: { rpcPolicies: policies.filter((p) => p.namespace === ns) } })),
  });
}

describe('RpcPolicyEngine: how the approval view reads a request', () => {
  it("gives the reader the namespace's policy declares for a method, and none elsewhere", () => {
    const kernel = withPolicies(
      { id: 'acme', namespace: 'acme', confirm: ['acme_send', 'acme_sign*'], read: { acme_send: { as: 'transfer', to: 'dest', amount: 'units' }, acme_signText: { as: 'message', field: 'text', encoding: 'text' } } },
      { id: 'beta', namespace: 'beta', confirm: ['acme_send'] },
    );
    expect(kernel.rpcPolicy.readerOf('acme', 'acme_send')).toEqual({ as: 'transfer', to: 'dest', amount: 'units' });
    expect(kernel.rpcPolicy.readerOf('acme', 'acme_signText')).toEqual({ as: 'message', field: 'text', encoding: 'text' });
    expect(kernel.rpcPolicy.readerOf('beta', 'acme_send')).toBeUndefined();
    expect(kernel.rpcPolicy.readerOf('acme', 'acme_other')).toBeUndefined();
  });

  it('refuses a reader for a method the policy does not confirm, and a malformed reader', () => {
    const policy = (read: unknown) => manifest('chain-x', { namespaces: [{ id: 'xns', name: 'X', defaultAccountType: 'eoa' }], contributes: { rpcPolicies: [{ id: 'x', namespace: 'xns', safe: ['x_get'], confirm: ['x_send'], read }] } });
    expect(String(errorOf(() => validateManifest(policy({ x_get: { as: 'typedData' } }))))).toContain('read names a method this policy does not confirm');
    expect(String(errorOf(() => validateManifest(policy({ x_send: { as: 'transfer', to: 'a b', amount: 'v' } }))))).toContain('Must be a field name');
    expect(String(errorOf(() => validateManifest(policy({ x_send: { as: 'guess' } }))))).toContain('contributes.rpcPolicies[0].read');
    expect(() => validateManifest(policy({ x_send: { as: 'transfer', to: 'to', amount: 'value', data: ['data'] } }))).not.toThrow();
  });
});

describe('RpcPolicyEngine', () => {
  it('an exact name beats a prefix pattern, whichever is stricter', () => {
    const { rpcPolicy } = withPolicies({ id: 'acme-rpc', namespace: 'acme', safe: ['acme_*'], confirm: ['acme_sendTransaction'], reject: ['acme_nuke'] });
    expect(rpcPolicy.classify('acme_getBalance', 'acme')).toBe('safe');
    expect(rpcPolicy.classify('acme_sendTransaction', 'acme')).toBe('confirm');
    expect(rpcPolicy.classify('acme_nuke', 'acme')).toBe('reject');

    const loose = withPolicies({ id: 'acme-rpc', namespace: 'acme', reject: ['acme_*'], safe: ['acme_chainId'] }).rpcPolicy;
    expect(loose.classify('acme_chainId', 'acme')).toBe('safe');
    expect(loose.classify('acme_other', 'acme')).toBe('reject');
  });

  it('a longer prefix beats a shorter one', () => {
    const { rpcPolicy } = withPolicies({ id: 'acme-rpc', namespace: 'acme', safe: ['acme_*'], confirm: ['acme_sign*'], reject: ['acme_signRaw*'] });
    expect(rpcPolicy.classify('acme_call', 'acme')).toBe('safe');
    expect(rpcPolicy.classify('acme_signTypedData', 'acme')).toBe('confirm');
    expect(rpcPolicy.classify('acme_signRawBytes', 'acme')).toBe('reject');
  });

  it('between equal matches the strictest decision wins, also across plugins', () => {
    const kernel = makeKernel({
      plugins: [
        chainPlugin('acme', { contributes: { rpcPolicies: [{ id: 'acme-base', namespace: 'acme', safe: ['acme_sign', 'acme_x*'] }] } }),
        plugin(manifest('acme-hardening', { contributes: { rpcPolicies: [{ id: 'acme-strict', namespace: 'acme', confirm: ['acme_sign', 'acme_x*'] }] } })),
      ],
    });
    expect(kernel.rpcPolicy.classify('acme_sign', 'acme')).toBe('confirm');
    expect(kernel.rpcPolicy.classify('acme_xyz', 'acme')).toBe('confirm');
  });

  it('rejects a method no policy names, and everything in a namespace without policies', () => {
    const { rpcPolicy } = withPolicies({ id: 'acme-rpc', namespace: 'acme', safe: ['acme_get*'] });
    expect(rpcPolicy.classify('acme_unknown', 'acme')).toBe('reject');
    expect(rpcPolicy.classify('acme_getBalance', 'beta')).toBe('reject');
    expect(rpcPolicy.classify('acme_ge', 'acme')).toBe('reject');
  });

  it('a prefix pattern matches the bare prefix too', () => {
    const { rpcPolicy } = withPolicies({ id: 'acme-rpc', namespace: 'acme', safe: ['acme_get*'] });
    expect(rpcPolicy.classify('acme_get', 'acme')).toBe('safe');
  });

  it('keeps namespaces apart, and without a namespace considers every policy', () => {
    const { rpcPolicy } = withPolicies(
      { id: 'acme-rpc', namespace: 'acme', safe: ['shared_call'] },
      { id: 'beta-rpc', namespace: 'beta', reject: ['shared_call'], confirm: ['beta_sign'] },
    );
    expect(rpcPolicy.classify('shared_call', 'acme')).toBe('safe');
    expect(rpcPolicy.classify('shared_call', 'beta')).toBe('reject');
    expect(rpcPolicy.classify('shared_call')).toBe('reject');
    expect(rpcPolicy.classify('beta_sign')).toBe('confirm');
  });

  it('assertAllowed returns the decision, or throws RpcMethodNotAllowedError with the catalogue message', () => {
    const { rpcPolicy } = withPolicies({ id: 'acme-rpc', namespace: 'acme', safe: ['acme_get*'], confirm: ['acme_sign'] });
    expect(rpcPolicy.assertAllowed('acme_getBalance', 'acme')).toBe('safe');
    expect(rpcPolicy.assertAllowed('acme_sign', 'acme')).toBe('confirm');
    const error = errorOf(() => rpcPolicy.assertAllowed('acme_drain', 'acme'));
    expect(error).toBeInstanceOf(RpcMethodNotAllowedError);
    expect(error).toMatchObject({ message: 'Requested RPC call is not allowed', method: 'acme_drain', details: 'acme_drain', rpcCode: 4200 });
  });

  it('allowedMethods lists the exact, non-rejected methods of a namespace, sorted', () => {
    const { rpcPolicy } = withPolicies({
      id: 'acme-rpc',
      namespace: 'acme',
      safe: ['acme_chainId', 'acme_get*', 'acme_dual'],
      confirm: ['acme_sign'],
      reject: ['acme_dual', 'acme_nuke'],
    });
    expect(rpcPolicy.allowedMethods('acme')).toEqual(['acme_chainId', 'acme_sign']);
    expect(rpcPolicy.allowedMethods('beta')).toEqual([]);
  });

  it('follows plugins: policies vanish when their plugin is turned off', () => {
    const kernel = makeKernel({
      plugins: [
        chainPlugin('acme', {
          featureFlag: { id: 'acmeChain', default: true },
          contributes: { rpcPolicies: [{ id: 'acme-rpc', namespace: 'acme', safe: ['acme_call'] }] },
        }),
      ],
    });
    expect(kernel.rpcPolicy.classify('acme_call', 'acme')).toBe('safe');
    kernel.setFeature('acmeChain', false);
    expect(kernel.rpcPolicy.classify('acme_call', 'acme')).toBe('reject');
    kernel.setFeature('acmeChain', true);
    expect(kernel.rpcPolicy.classify('acme_call', 'acme')).toBe('safe');
  });
});
