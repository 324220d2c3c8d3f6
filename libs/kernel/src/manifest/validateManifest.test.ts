import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTRIBUTION_POINTS, manifestSchema, validateManifest, type ContributionPoint } from '../../test/internals';
import { ManifestInvalidError } from '../../src/entries/errors';
import { errorOf } from '../../test/helpers';

const base = { id: 'acme-feature', version: '1.2.3', kernel: '^0.1.0' } as const;

/** The message of the ManifestInvalidError `input` raises. */
function problemsOf(input: unknown): string {
  const error = errorOf(() => validateManifest(input));
  expect(error).toBeInstanceOf(ManifestInvalidError);
  return (error as ManifestInvalidError).message;
}

/** One valid entry per contribution point. */
const validEntry: { [P in ContributionPoint]: Record<string, unknown> } = {
  views: { id: 'AcmeView', title: 'Acme' },
  connectMethods: { id: 'acme-method', label: 'Acme', view: 'AcmeView', order: 1 },
  connectorGroups: { id: 'acme-group', group: 'featured', connectorType: 'INJECTED', namespaces: ['acme'] },
  walletButtons: { id: 'acme-button', label: 'Acme', view: 'AcmeView', icon: 'acme-icon' },
  accountTabs: { id: 'acme-tab', label: 'Acme', view: 'AcmeView' },
  rpcPolicies: { id: 'acme-policy', namespace: 'acme', safe: ['acme_get*'], confirm: ['acme_sign'], reject: ['acme_nuke'] },
  socialProviders: { id: 'acme-social', label: 'Acme', icon: 'https://acme.example/icon.svg' },
  alerts: { id: 'acme-alert', title: 'Acme', message: 'Something happened', severity: 'warning' },
};

/** For each point: a broken entry and the path + message it must be reported with. */
const brokenEntry: { [P in ContributionPoint]: { entry: Record<string, unknown>; problem: string } } = {
  views: { entry: { id: 'V' }, problem: 'contributes.views[0].title: Required' },
  connectMethods: { entry: { id: 'm', label: 7 }, problem: 'contributes.connectMethods[0].label: Expected string, received number' },
  connectorGroups: {
    entry: { id: 'g', group: 'favourites', connectorType: 'INJECTED' },
    problem: 'contributes.connectorGroups[0].group: Expected one of "walletConnect", "recent", "injected", "featured", "custom", "external", "recommended", received "favourites"',
  },
  walletButtons: { entry: { id: 'b', label: 'B' }, problem: 'contributes.walletButtons[0].view: Required' },
  accountTabs: { entry: { id: 't', label: 'T', view: ['x'] }, problem: 'contributes.accountTabs[0].view: Expected string, received array' },
  rpcPolicies: { entry: { id: 'p', safe: ['a_b'] }, problem: 'contributes.rpcPolicies[0].namespace: Required' },
  socialProviders: { entry: { id: 's', label: null }, problem: 'contributes.socialProviders[0].label: Expected string, received null' },
  alerts: {
    entry: { id: 'a', title: 'A', message: 'M', severity: 'fatal' },
    problem: 'contributes.alerts[0].severity: Expected one of "info", "warning", "error", received "fatal"',
  },
};

describe('validateManifest: valid manifests', () => {
  it('accepts the minimal manifest and returns it', () => {
    expect(validateManifest({ ...base })).toEqual(base);
  });

  it('accepts a manifest using every field and every contribution point', () => {
    const full = {
      ...base,
      displayName: 'Acme feature',
      description: 'Does acme things',
      requires: { 'chain-acme': '^1.0.0' },
      optional: { 'acme-extras': '>=2.0.0' },
      conflictsWith: ['acme-legacy'],
      namespaces: [{ id: 'acme', name: 'Acme', defaultAccountType: 'payment' }],
      featureFlag: { id: 'acmeFeature', default: true, description: 'Turns acme on' },
      flags: [{ id: 'acmeBeta', default: false }],
      activation: { onViews: ['AcmeView'], onEvents: ['account:connected'] },
      contributes: Object.fromEntries(CONTRIBUTION_POINTS.map((point) => [point, [validEntry[point]]])),
    };
    expect(validateManifest(full)).toEqual(full);
  });

  it('accepts "eager" activation', () => {
    expect(validateManifest({ ...base, activation: 'eager' }).activation).toBe('eager');
  });

  it('manifestSchema on its own parses a valid manifest', () => {
    expect(manifestSchema.safeParse({ ...base }).success).toBe(true);
    expect(manifestSchema.safeParse({ ...base, id: 'Bad' }).success).toBe(false);
  });

  it('names the plugin in the error, or "(unnamed)" when there is no id', () => {
    expect(problemsOf({ ...base, version: 'x' })).toMatch(/^Plugin "acme-feature" has an invalid manifest: /);
    const error = errorOf(() => validateManifest({ version: '1.0.0' })) as ManifestInvalidError;
    expect(error.pluginId).toBe('(unnamed)');
    expect(error.message).toContain('id: Required');
  });

  it('rejects something that is not an object at all', () => {
    expect(problemsOf(null)).toContain('(root): Expected object, received null');
    expect(problemsOf([])).toContain('(root): Expected object, received array');
    expect(problemsOf('manifest')).toContain('(root): Expected object, received string');
  });
});

describe('validateManifest: unknown keys', () => {
  it('rejects an unknown top-level key', () => {
    expect(problemsOf({ ...base, entry: './index.js' })).toContain('(root): Unrecognized key: "entry"');
  });

  it('rejects an unknown key under contributes', () => {
    expect(problemsOf({ ...base, contributes: { menus: [] } })).toContain('contributes: Unrecognized key: "menus"');
  });

  it.each(CONTRIBUTION_POINTS)('rejects an unknown key inside a %s entry', (point) => {
    const entry = { ...validEntry[point], colour: 'red' };
    expect(problemsOf({ ...base, contributes: { [point]: [entry] } })).toContain(`contributes.${point}[0]: Unrecognized key: "colour"`);
  });

  it('rejects unknown keys in namespaces, flags and activation', () => {
    expect(problemsOf({ ...base, namespaces: [{ id: 'acme', name: 'A', defaultAccountType: 'eoa', rpc: 'x' }] })).toContain(
      'namespaces[0]: Unrecognized key: "rpc"',
    );
    expect(problemsOf({ ...base, featureFlag: { id: 'f', default: true, owner: 'me' } })).toContain('featureFlag: Unrecognized key: "owner"');
    expect(problemsOf({ ...base, activation: { onViews: [], onStartup: true } })).toContain('activation: Unrecognized key: "onStartup"');
  });

  it('lists several unknown keys in one message', () => {
    expect(problemsOf({ ...base, a: 1, b: 2 })).toContain('Unrecognized keys: "a", "b"');
  });
});

describe('validateManifest: each contribution point checks its entries', () => {
  it.each(CONTRIBUTION_POINTS)('accepts a valid %s entry', (point) => {
    const m = { ...base, contributes: { [point]: [validEntry[point]] } };
    expect(validateManifest(m).contributes?.[point]).toEqual([validEntry[point]]);
  });

  it.each(CONTRIBUTION_POINTS)('rejects a bad %s entry naming the path', (point) => {
    const { entry, problem } = brokenEntry[point];
    expect(problemsOf({ ...base, contributes: { [point]: [validEntry[point], entry] } })).toContain(problem.replace('[0]', '[1]'));
  });

  it.each(CONTRIBUTION_POINTS)('rejects two %s entries with one id', (point) => {
    const m = { ...base, contributes: { [point]: [validEntry[point], validEntry[point]] } };
    expect(problemsOf(m)).toContain(`contributes.${point}: id "${String(validEntry[point].id)}" is used more than once`);
  });

  it('rejects a point that is not a list', () => {
    expect(problemsOf({ ...base, contributes: { views: { id: 'V', title: 'V' } } })).toContain(
      'contributes.views: Expected array, received object',
    );
  });

  it('rejects contribution ids with spaces or a leading dot', () => {
    expect(problemsOf({ ...base, contributes: { views: [{ id: 'My View', title: 'x' }] } })).toContain('contributes.views[0].id: Must be 1–64');
    expect(problemsOf({ ...base, contributes: { views: [{ id: '.hidden', title: 'x' }] } })).toContain('contributes.views[0].id');
  });

  it('accepts a boolean view prefetch and rejects anything else', () => {
    expect(validateManifest({ ...base, contributes: { views: [{ id: 'V', title: 'V', prefetch: true }] } }).contributes?.views?.[0]).toMatchObject({ prefetch: true });
    expect(problemsOf({ ...base, contributes: { views: [{ id: 'V', title: 'V', prefetch: 'yes' }] } })).toContain('contributes.views[0].prefetch');
  });

  it('rejects a non-finite order hint', () => {
    const m = { ...base, contributes: { connectMethods: [{ id: 'm', label: 'M', order: Number.POSITIVE_INFINITY }] } };
    expect(problemsOf(m)).toContain('contributes.connectMethods[0].order');
  });

  it('rejects an RPC method pattern with a star in the middle', () => {
    const m = { ...base, contributes: { rpcPolicies: [{ id: 'p', namespace: 'acme', safe: ['acme_*_get'] }] } };
    expect(problemsOf(m)).toContain('contributes.rpcPolicies[0].safe[0]: Must be an RPC method name, optionally ending in *');
  });

  it('rejects an unknown connector type', () => {
    const m = { ...base, contributes: { connectorGroups: [{ id: 'g', group: 'custom', connectorType: 'BLUETOOTH' }] } };
    expect(problemsOf(m)).toContain('contributes.connectorGroups[0].connectorType: Expected one of "INJECTED"');
  });

  it('a wallet button for some connector types: known types, at least one', () => {
    const withTypes = (connectorTypes: unknown) => ({ ...base, contributes: { walletButtons: [{ id: 'b', label: 'B', view: 'V', connectorTypes }] } });
    expect(validateManifest(withTypes(['AUTH'])).contributes?.walletButtons?.[0]?.connectorTypes).toEqual(['AUTH']);
    expect(problemsOf(withTypes(['BLUETOOTH']))).toContain('contributes.walletButtons[0].connectorTypes[0]: Expected one of "INJECTED"');
    expect(problemsOf(withTypes([]))).toContain('contributes.walletButtons[0].connectorTypes');
  });
});

describe('validateManifest: icons', () => {
  const withIcon = (icon: string) => ({ ...base, contributes: { walletButtons: [{ id: 'b', label: 'B', view: 'V', icon }] } });

  it.each(['data:image/svg+xml;base64,PHN2Zz4=', 'data:image/png,abc', 'https://cdn.acme.example/b.svg', 'wallet', 'arrow-up-right'])(
    'accepts %s',
    (icon) => {
      expect(validateManifest(withIcon(icon)).contributes?.walletButtons?.[0]?.icon).toBe(icon);
    },
  );

  it.each(['javascript:alert(1)', 'http://cdn.acme.example/b.svg', 'data:text/html,<script>', 'Wallet', '//cdn.acme.example/b.svg', 'icon name'])(
    'rejects %s',
    (icon) => {
      expect(problemsOf(withIcon(icon))).toContain(
        'contributes.walletButtons[0].icon: Must be a data:image URL, an https: URL or an icon name',
      );
    },
  );
});

describe('validateManifest: versions, ids and references', () => {
  it.each(['1.0', 'v1.0.0', '1.0.0.0', 'latest', ''])('rejects version %j', (version) => {
    expect(problemsOf({ ...base, version })).toContain('version: Must be a semantic version such as 1.2.3');
  });

  it('accepts a pre-release version', () => {
    expect(validateManifest({ ...base, version: '2.0.0-beta.1' }).version).toBe('2.0.0-beta.1');
  });

  it.each(['not a range', '', '   ', '^^1'])('rejects kernel range %j', (kernel) => {
    expect(problemsOf({ ...base, kernel })).toContain('kernel: Must be a semver range such as ^1.0.0');
  });

  it('rejects a bad range in requires and optional', () => {
    expect(problemsOf({ ...base, requires: { 'chain-acme': 'soon' } })).toContain('requires.chain-acme: Must be a semver range');
    expect(problemsOf({ ...base, optional: { 'chain-acme': 'soon' } })).toContain('optional.chain-acme: Must be a semver range');
  });

  it('rejects plugin ids that are not lowercase words', () => {
    expect(problemsOf({ ...base, id: 'AcmeFeature' })).toContain('id: Must be lowercase words joined by "-" or "."');
    expect(problemsOf({ ...base, id: 'acme--feature' })).toContain('id: Must be lowercase words');
    expect(problemsOf({ ...base, id: 'a'.repeat(65) })).toContain('id: Must have at most 64 character(s)');
  });

  it('rejects a dependency id that is not a plugin id', () => {
    expect(problemsOf({ ...base, requires: { 'Bad Id': '^1.0.0' } })).toContain('requires.Bad Id');
  });

  it('rejects a plugin that requires itself', () => {
    expect(problemsOf({ ...base, requires: { 'acme-feature': '^1.0.0' } })).toContain('requires/optional: a plugin cannot depend on itself');
  });

  it('rejects a plugin that optionally depends on itself', () => {
    expect(problemsOf({ ...base, optional: { 'acme-feature': '^1.0.0' } })).toContain('a plugin cannot depend on itself');
  });

  it('rejects a conflict with itself and a conflict with a dependency', () => {
    expect(problemsOf({ ...base, conflictsWith: ['acme-feature'] })).toContain('conflictsWith: a plugin cannot conflict with itself');
    expect(problemsOf({ ...base, requires: { other: '^1.0.0' }, conflictsWith: ['other'] })).toContain(
      'conflictsWith: "other" is also a dependency',
    );
  });

  it('rejects a dependency listed both as required and optional', () => {
    expect(problemsOf({ ...base, requires: { other: '^1.0.0' }, optional: { other: '^1.0.0' } })).toContain(
      'optional: "other" is also in requires',
    );
  });

  it('does not mistake Object.prototype members for optional dependencies', () => {
    const m = { ...base, requires: { constructor: '^1.0.0' }, optional: { other: '^1.0.0' } };
    expect(validateManifest(m).requires).toEqual({ constructor: '^1.0.0' });
  });

  it('rejects activation.onViews naming a view the plugin does not declare', () => {
    const m = { ...base, activation: { onViews: ['SomeoneElsesView'] }, contributes: { views: [{ id: 'Mine', title: 'M' }] } };
    expect(problemsOf(m)).toContain(`activation.onViews: "SomeoneElsesView" is not one of this plugin's views`);
  });

  it('accepts activation.onViews naming its own view', () => {
    const m = { ...base, activation: { onViews: ['Mine'] }, contributes: { views: [{ id: 'Mine', title: 'M' }] } };
    expect(validateManifest(m).activation).toEqual({ onViews: ['Mine'] });
  });

  it('rejects a lazy activation that lists nothing', () => {
    expect(problemsOf({ ...base, activation: {} })).toContain('activation: list a view, event or connector, or use "eager"');
  });

  it('accepts activation.onConnectors alone, and refuses a connector id that cannot be one', () => {
    expect(validateManifest({ ...base, activation: { onConnectors: ['email', 'io.metamask'] } }).activation).toEqual({ onConnectors: ['email', 'io.metamask'] });
    expect(problemsOf({ ...base, activation: { onConnectors: [' email'] } })).toContain('activation.onConnectors[0]: Must be 1–64 letters, digits, ".", "_" or "-", starting with a letter or digit');
    expect(problemsOf({ ...base, activation: { onConnectors: 'email' } })).toContain('activation: Does not match any allowed form');
  });

  it('rejects an activation event that is not "area:fact"', () => {
    expect(problemsOf({ ...base, activation: { onEvents: ['connected'] } })).toContain(
      'activation.onEvents[0]: Must be an event name such as "account:connected"',
    );
  });

  it('rejects an activation that is neither "eager" nor an object', () => {
    expect(problemsOf({ ...base, activation: 'lazy' })).toContain('activation: Does not match any allowed form');
  });

  it('rejects a flag declared twice, and a namespace declared twice', () => {
    expect(problemsOf({ ...base, featureFlag: { id: 'acme', default: true }, flags: [{ id: 'acme', default: false }] })).toContain(
      'flags: "acme" is declared more than once',
    );
    const ns = { id: 'acme', name: 'Acme', defaultAccountType: 'eoa' };
    expect(problemsOf({ ...base, namespaces: [ns, ns] })).toContain('namespaces: "acme" is declared more than once');
  });

  it('rejects a namespace that is not CAIP-2, a malformed account type and a default it does not declare', () => {
    expect(problemsOf({ ...base, namespaces: [{ id: 'AC', name: 'A', defaultAccountType: 'eoa' }] })).toContain(
      'namespaces[0].id: Must be a CAIP-2 namespace (3–8 of a-z, 0-9, -)',
    );
    expect(problemsOf({ ...base, namespaces: [{ id: 'acme', name: 'A', defaultAccountType: 'a vault' }] })).toContain(
      'namespaces[0].defaultAccountType: Must be a letter then letters or digits, up to 32',
    );
    expect(problemsOf({ ...base, namespaces: [{ id: 'acme', name: 'A', accountTypes: ['payment', 'ordinal'], defaultAccountType: 'eoa' }] })).toContain(
      'namespaces[0].defaultAccountType: defaultAccountType must be one of accountTypes',
    );
    expect(validateManifest({ ...base, namespaces: [{ id: 'acme', name: 'A', accountTypes: ['payment', 'ordinal'], defaultAccountType: 'ordinal' }] }).namespaces?.[0]).toMatchObject({ accountTypes: ['payment', 'ordinal'] });
  });

  it('rejects a flag id that is not camelCase and a flag without a default', () => {
    expect(problemsOf({ ...base, featureFlag: { id: 'Acme-Flag', default: true } })).toContain('featureFlag.id: Must be a camelCase flag name');
    expect(problemsOf({ ...base, featureFlag: { id: 'acme' } })).toContain('featureFlag.default: Required');
  });

  it('reports every problem at once, separated by "; "', () => {
    const message = problemsOf({ ...base, version: 'x', kernel: 'y', extra: true });
    expect(message.split('; ')).toHaveLength(3);
  });
});

describe('validateManifest: arbitrary input (property)', () => {
  it('never throws anything but ManifestInvalidError on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        try {
          validateManifest(value);
        } catch (error) {
          return error instanceof ManifestInvalidError;
        }
        return true;
      }),
      { numRuns: 500 },
    );
  });

  it('never throws anything but ManifestInvalidError on near-manifests with arbitrary fields', () => {
    const field = fc.constantFrom('id', 'version', 'kernel', 'requires', 'optional', 'conflictsWith', 'namespaces', 'activation', 'contributes', 'flags');
    fc.assert(
      fc.property(fc.dictionary(field, fc.jsonValue()), (extra) => {
        try {
          validateManifest({ ...base, ...extra });
        } catch (error) {
          return error instanceof ManifestInvalidError;
        }
        return true;
      }),
      { numRuns: 500 },
    );
  });

  it('accepts every generated valid manifest unchanged', () => {
    const id = fc.stringMatching(/^[a-z][a-z0-9]{0,8}(-[a-z0-9]{1,5}){0,2}$/);
    const version = fc.tuple(fc.nat(50), fc.nat(50), fc.nat(50)).map((parts) => parts.join('.'));
    fc.assert(
      fc.property(id, version, (pluginId, v) => {
        const m = { id: pluginId, version: v, kernel: `^${v}` };
        expect(validateManifest(m)).toEqual(m);
      }),
    );
  });
});

describe('validateManifest: a manifest is static data, read once per object (#41)', () => {
  const fresh = () => ({ id: 'cached', version: '1.0.0', kernel: '^0.1.0', contributes: { views: [{ id: 'Cached', title: 'Cached' }] } });

  it('returns the same reading for the same object; a change to the object afterwards is not seen', () => {
    const input = fresh();
    const first = validateManifest(input);
    expect(validateManifest(input)).toBe(first);
    input.version = 'not a version';
    expect(validateManifest(input)).toBe(first);
    expect(first.version).toBe('1.0.0');
  });

  it('a different object with the same content is read on its own; an invalid one is not kept', () => {
    const a = validateManifest(fresh());
    const b = validateManifest(fresh());
    expect(b).not.toBe(a);
    expect(b).toEqual(a);
    const bad = { ...fresh(), version: 'one' };
    expect(() => validateManifest(bad)).toThrow(ManifestInvalidError);
    expect(() => validateManifest(bad)).toThrow(ManifestInvalidError);
    // Fixed, the same object is read again and now passes.
    bad.version = '1.0.0';
    expect(validateManifest(bad).version).toBe('1.0.0');
  });
});
