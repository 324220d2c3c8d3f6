import { chainAdapterRef, createKernel, createMemoryStorage, type Kernel } from '@portico/kernel';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createEip155Plugin } from '../plugin';
import { discoverEip6963 } from './discoverEip6963';
import { parseAnnouncement } from './parseAnnouncement';

const INFO = { uuid: '1b7f4a4e-9a3c-4d6b-8e2f-0c1d2e3f4a5b', name: 'Test Wallet', icon: 'data:image/png;base64,iVBORw0KGgo=', rdns: 'dev.portico.testwallet' };

/** A square SVG as a base64 data URI, the kind of icon EIP-6963 asks for. */
const SVG_ICON = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" fill="#2563eb"/></svg>')}`;

/**
 * Labelled icons: the icon an independent reader of the rules expects to be kept. EIP-6963's
 * icon MUST be a data URI; only `data:image/…` is kept, anything else leaves the wallet listed
 * without an icon (an icon never decides whether a wallet is listed).
 */
const ICONS: ReadonlyArray<[unknown, string | undefined]> = [
  ['data:image/png;base64,iVBORw0KGgo=', 'data:image/png;base64,iVBORw0KGgo='],
  ['data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E', 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E'],
  ['data:image/webp;base64,UklGRg==', 'data:image/webp;base64,UklGRg=='],
  [SVG_ICON, SVG_ICON],
  ['https://wallet.example/icon.png', undefined],
  ['javascript:alert(1)', undefined],
  ['JaVaScRiPt:alert(document.domain)', undefined],
  ['java\nscript:alert(1)', undefined],
  ['http://wallet.example/icon.png', undefined],
  ['data:text/html,<script>alert(1)</script>', undefined],
  ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', undefined],
  ['data:image/svg+xml', undefined],
  ['vbscript:msgbox(1)', undefined],
  [' https://wallet.example/icon.png', undefined],
  [`data:image/png;base64,${'A'.repeat(100_001)}`, undefined],
  ['', undefined],
  [42, undefined],
  [null, undefined],
];
const keptIcon = new Map<unknown, string | undefined>(ICONS);
const RDNS: ReadonlyArray<[unknown, boolean]> = [
  ['io.metamask', true],
  ['com.example.wallet', true],
  ['Dev.Portico.TestWallet', true],
  [`${'x'.repeat(63)}.com`, true],
  ['no dots here', false],
  ['localhost', false],
  ['io..metamask', false],
  ['-io.metamask', false],
  ['io.metamask-', false],
  ['"><img src=x onerror=alert(1)>', false],
  [`${'a'.repeat(64)}.com`, false],
  [`${'a.'.repeat(50)}com`, false],
  ['io.metamask\n', false],
  ['io.metam\u0430sk', false],
  ['', false],
  [{ toString: () => 'io.metamask' }, false],
];
const UUIDS: ReadonlyArray<[unknown, boolean]> = [
  ['1b7f4a4e-9a3c-4d6b-8e2f-0c1d2e3f4a5b', true],
  ['1B7F4A4E-9A3C-4D6B-8E2F-0C1D2E3F4A5B', true],
  ['1b7f4a4e-9a3c-1d6b-8e2f-0c1d2e3f4a5b', false],
  ['{1b7f4a4e-9a3c-4d6b-8e2f-0c1d2e3f4a5b}', false],
  ['not-a-uuid', false],
  [7, false],
];

/** The name rule, restated: a string, 1–100 characters once trimmed, no control or bidi characters. */
const HIDDEN: ReadonlyArray<[number, number]> = [
  [0x00, 0x1f],
  [0x7f, 0x9f],
  [0x202a, 0x202e],
  [0x2066, 0x2069],
];
const nameIsValid = (value: unknown) => {
  if (typeof value !== 'string') return false;
  const trimmed = value.trim();
  const hidden = [...trimmed].some((ch) => HIDDEN.some(([from, to]) => ch.charCodeAt(0) >= from && ch.charCodeAt(0) <= to));
  return trimmed.length >= 1 && trimmed.length <= 100 && !hidden;
};
/** Mostly valid values, so that accepted announcements are common enough to check. */
const label = (pool: ReadonlyArray<[unknown, boolean]>) =>
  fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...pool.filter(([, ok]) => ok)) }, { weight: 1, arbitrary: fc.constantFrom(...pool.filter(([, ok]) => !ok)) });
const names = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 120 }).map((v): [unknown, boolean] => [v, nameIsValid(v)]) },
  { weight: 1, arbitrary: fc.constantFrom<[unknown, boolean]>(['x'.repeat(11_200), false], ['   ', false], ['Evil\u202eWallet', false], ['<img src=x onerror=alert(1)>', true], [undefined, false]) },
);
const requests = label([
  [async () => ['0x0'], true],
  ['not a function', false],
  [undefined, false],
]);

/**
 * How one field is served: a plain value; a getter that gives `first` for `reads` reads and
 * `then` afterwards (the check-then-use attack); or a getter that throws.
 */
type Served = { kind: 'plain' } | { kind: 'switch'; reads: number } | { kind: 'throw' };
const served: fc.Arbitrary<Served> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<Served>({ kind: 'plain' }) },
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 3 }).map((reads): Served => ({ kind: 'switch', reads })) },
  { weight: 1, arbitrary: fc.constant<Served>({ kind: 'switch', reads: 0 }) },
  { weight: 1, arbitrary: fc.constant<Served>({ kind: 'throw' }) },
);
/** The hostile values a switching getter turns to. */
const HOSTILE: Record<string, unknown> = {
  uuid: 'not-a-uuid',
  name: 'x'.repeat(11_200),
  icon: 'javascript:alert(1)',
  rdns: '"><img src=x onerror=alert(1)>',
  request: async () => {
    throw new Error('the hostile request ran');
  },
};

interface FieldPlan {
  value: unknown;
  valid: boolean;
  how: Served;
}

/** Builds a container whose fields follow their plans, counting reads; optionally a Proxy that refuses enumeration. */
function build(plans: Record<string, FieldPlan>, asProxy: boolean, reads: Map<string, number>, prefix: string): object {
  const target: Record<string, unknown> = {};
  for (const [key, plan] of Object.entries(plans)) {
    const id = `${prefix}.${key}`;
    const first = plan.how.kind === 'switch' && plan.how.reads === 0 ? HOSTILE[key] : plan.value;
    Object.defineProperty(target, key, {
      enumerable: true,
      get() {
        const n = (reads.get(id) ?? 0) + 1;
        reads.set(id, n);
        if (plan.how.kind === 'throw') throw new Error(`${id} getter threw`);
        if (plan.how.kind === 'switch' && n > plan.how.reads) return HOSTILE[key];
        return n === 1 ? first : plan.value;
      },
    });
  }
  if (!asProxy) return target;
  return new Proxy(target, {
    get: (t, key) => Reflect.get(t, key),
    ownKeys: () => {
      throw new Error('enumerated');
    },
    getOwnPropertyDescriptor: () => {
      throw new Error('described');
    },
    has: () => {
      throw new Error('probed');
    },
  });
}

/** What the first read of a field gives: the snapshot the parser must take. */
const firstRead = (key: string, plan: FieldPlan): [unknown, boolean] =>
  plan.how.kind === 'switch' && plan.how.reads === 0 ? [HOSTILE[key], key === 'request' || key === 'icon'] : [plan.value, plan.valid];

const announcement = fc.record({
  uuid: fc.tuple(label(UUIDS), served),
  name: fc.tuple(names, served),
  // Any icon leaves the announcement valid; what is kept of it is checked apart.
  icon: fc.tuple(fc.constantFrom(...ICONS).map(([value]): [unknown, boolean] => [value, true]), served),
  rdns: fc.tuple(label(RDNS), served),
  request: fc.tuple(requests, served),
  infoProxy: fc.boolean(),
  providerProxy: fc.boolean(),
});

type Announcement = typeof announcement extends fc.Arbitrary<infer T> ? T : never;

function scenario(input: Announcement) {
  const reads = new Map<string, number>();
  const plan = (key: 'uuid' | 'name' | 'icon' | 'rdns' | 'request'): FieldPlan => ({ value: input[key][0][0], valid: input[key][0][1], how: input[key][1] });
  const infoPlans = { uuid: plan('uuid'), name: plan('name'), icon: plan('icon'), rdns: plan('rdns') };
  const providerPlans = { request: plan('request') };
  const info = build(infoPlans, input.infoProxy, reads, 'info');
  const provider = build(providerPlans, input.providerProxy, reads, 'provider');
  const all = { ...infoPlans, ...providerPlans };
  const throwing = Object.entries(all).filter(([, p]) => p.how.kind === 'throw').map(([k]) => k);
  const firsts = Object.fromEntries(Object.entries(all).map(([k, p]) => [k, firstRead(k, p)]));
  const valid = throwing.length === 0 && Object.values(firsts).every(([, ok]) => ok);
  const expected = valid
    ? {
        uuid: String(firsts.uuid![0]).toLowerCase(),
        name: String(firsts.name![0]).trim(),
        icon: keptIcon.get(firsts.icon![0]),
        rdns: String(firsts.rdns![0]).toLowerCase(),
      }
    : undefined;
  return { detail: { info, provider }, reads, throwing, expected, provider, request: firsts.request![0] };
}

const kernels: Kernel[] = [];
afterEach(async () => {
  await Promise.all(kernels.splice(0).map((k) => k.dispose()));
});

describe('parseAnnouncement against hostile announcements', () => {
  it('reads every field once, never throws, and keeps exactly the validated first reads (frozen)', () => {
    let accepted = 0;
    fc.assert(
      fc.property(announcement, (input) => {
        const { detail, reads, throwing, expected, provider } = scenario(input);
        const parsed = parseAnnouncement(detail);
        if (typeof parsed !== 'string') accepted++;
        for (const [field, count] of reads) expect(count, field).toBeLessThanOrEqual(1);
        if (!expected) {
          expect(typeof parsed).toBe('string');
          // Every field is read before any is checked: a throwing getter is always the reason given.
          if (throwing.length > 0) expect(throwing.map((k) => `reading ${k === 'request' ? 'provider' : 'info'}.${k} threw`)).toContain(parsed);
          return;
        }
        if (typeof parsed === 'string') throw new Error(`rejected a valid announcement: ${parsed}`);
        expect({ uuid: parsed.uuid, name: parsed.name, icon: parsed.icon, rdns: parsed.rdns }).toEqual(expected);
        expect(parsed.source).toBe(provider);
        expect(Object.isFrozen(parsed)).toBe(true);
        expect(Object.isFrozen(parsed.provider)).toBe(true);
        // Reading the snapshot again reads nothing from the page's objects.
        const before = [...reads.values()].reduce((a, b) => a + b, 0);
        void [parsed.uuid, parsed.name, parsed.icon, parsed.rdns, parsed.provider.request];
        expect([...reads.values()].reduce((a, b) => a + b, 0)).toBe(before);
      }),
      { numRuns: 400 },
    );
    // Both outcomes were exercised, not only rejections.
    expect(accepted).toBeGreaterThan(20);
  });

  it('gives a specific reason for a throwing getter and for a Proxy that throws on every trap', () => {
    const throwing = (key: string) => ({
      info: Object.defineProperty({ ...INFO }, key, {
        get() {
          throw new Error('boom');
        },
      }),
      provider: { request: async () => null },
    });
    expect(parseAnnouncement(throwing('name'))).toBe('reading info.name threw');
    expect(parseAnnouncement(throwing('rdns'))).toBe('reading info.rdns threw');
    const trap = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
      },
    );
    expect(parseAnnouncement(trap)).toBe('reading detail.info threw');
    expect(parseAnnouncement({ info: INFO, provider: trap })).toBe('reading provider.request threw');
    const revocable = Proxy.revocable({}, {});
    revocable.revoke();
    expect(parseAnnouncement({ info: revocable.proxy, provider: { request: async () => null } })).toBe('reading info.uuid threw');
    // The optional linkedWallets extension throwing is no links, not a rejection.
    const provider = Object.defineProperty({ request: async () => null }, 'linkedWallets', {
      get() {
        throw new Error('boom');
      },
    });
    expect(parseAnnouncement({ info: INFO, provider })).toMatchObject({ rdns: 'dev.portico.testwallet', linkedWallets: [] });
  });

  it('calls the request() read at announcement time, on the wallet, even when the getter later returns another one', async () => {
    const calls: string[] = [];
    let reads = 0;
    const wallet = {
      get request() {
        reads++;
        return reads === 1
          ? async function (this: unknown, args: { method: string }) {
              calls.push(`${this === wallet ? 'wallet' : 'other'}:${args.method}`);
              return ['0x0'];
            }
          : async () => calls.push('hostile');
      },
    };
    const parsed = parseAnnouncement({ info: INFO, provider: wallet });
    if (typeof parsed === 'string') throw new Error(parsed);
    await parsed.provider.request({ method: 'eth_accounts' });
    await parsed.provider.request({ method: 'eth_chainId' });
    expect(calls).toEqual(['wallet:eth_accounts', 'wallet:eth_chainId']);
    // A wallet that throws synchronously still gives a rejected promise.
    const sync = parseAnnouncement({
      info: INFO,
      provider: {
        request() {
          throw new Error('sync');
        },
      },
    });
    if (typeof sync === 'string') throw new Error(sync);
    await expect(sync.provider.request({ method: 'eth_accounts' })).rejects.toThrow('sync');
  });
});

describe('discoverEip6963 with hostile announcements', () => {
  it('registers exactly the validated snapshot, and nothing escapes into the dispatch or the kernel', async () => {
    let registered = 0;
    await fc.assert(
      fc.asyncProperty(announcement, async (input) => {
        const { detail, expected, reads } = scenario(input);
        if (expected) registered++;
        const target = new EventTarget();
        const kernel = createKernel({ plugins: [createEip155Plugin({ target })], storage: createMemoryStorage(), logLevel: 'silent' });
        kernels.push(kernel);
        await kernel.start();
        expect(() => target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))).not.toThrow();
        // Read at once, checked and listed once the listing code is there: no field is read again.
        await (kernel.getService(chainAdapterRef('eip155')) as unknown as { preload(): Promise<void> }).preload();
        for (const [field, count] of reads) expect(count, field).toBeLessThanOrEqual(1);
        const listed = kernel.connectors.getSnapshot().map((c) => ({ id: c.id, name: c.name, icon: c.icon, rdns: c.rdns }));
        expect(listed).toEqual(expected ? [{ id: expected.rdns, name: expected.name, icon: expected.icon, rdns: expected.rdns }] : []);
        await kernel.dispose();
        kernels.splice(kernels.indexOf(kernel), 1);
      }),
      { numRuns: 400 },
    );
    // About 15% of generated announcements are valid (an icon never makes one invalid): 400 runs give ~60, so both outcomes are exercised
    // (at 150 runs a bound of 10 failed about one run in twenty).
    expect(registered).toBeGreaterThan(20);
  });

  it('logs a reason for a detail getter that throws and for a listener step that fails, and goes on listening', () => {
    const target = new EventTarget();
    const ignored: string[] = [];
    const listed: string[] = [];
    discoverEip6963(
      target,
      (wallet) => {
        if (wallet.name === 'Throws') throw new Error('onWallet failed');
        listed.push(wallet.name);
      },
      (reason) => ignored.push(reason),
    );
    const event = new CustomEvent('eip6963:announceProvider');
    Object.defineProperty(event, 'detail', {
      get() {
        throw new Error('boom');
      },
    });
    expect(() => target.dispatchEvent(event)).not.toThrow();
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { ...INFO, name: 'Throws' }, provider: { request: async () => null } } }));
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { ...INFO, uuid: '2b7f4a4e-9a3c-4d6b-8e2f-0c1d2e3f4a5b' }, provider: { request: async () => null } } }));
    expect(ignored).toEqual(['reading event.detail threw', 'listing the announced wallet failed']);
    expect(listed).toEqual(['Test Wallet']);
  });
});

describe('EIP-6963 icons: only a data:image URI is kept, and a wallet is never dropped for its icon', () => {
  const CASES: ReadonlyArray<{ label: string; icon: string; kept: string | undefined; reason?: RegExp }> = [
    { label: 'https', icon: 'https://tracker.example/pixel.png?visitor=1', kept: undefined, reason: /is not a data: URI \(it uses the https: scheme\)/ },
    { label: 'javascript', icon: 'javascript:alert(document.domain)', kept: undefined, reason: /is not a data: URI \(it uses the javascript: scheme\)/ },
    { label: 'data:text/html', icon: 'data:text/html,<script>alert(1)</script>', kept: undefined, reason: /is a data: URL that is not an image/ },
    { label: 'data:image/svg+xml;base64', icon: SVG_ICON, kept: SVG_ICON },
  ];

  it.each(CASES)('parseAnnouncement: a $label icon keeps the wallet, with the icon only when it is a data:image URI', ({ icon, kept, reason }) => {
    const warnings: string[] = [];
    const parsed = parseAnnouncement({ info: { ...INFO, icon }, provider: { request: async () => null } }, (warning) => warnings.push(warning));
    if (typeof parsed === 'string') throw new Error(`the wallet was dropped: ${parsed}`);
    expect(parsed.icon).toBe(kept);
    expect(parsed.name).toBe('Test Wallet');
    if (reason) {
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/^EIP-6963 wallet "Test Wallet" \(dev\.portico\.testwallet\)/);
      expect(warnings[0]).toMatch(reason);
    } else {
      expect(warnings).toEqual([]);
    }
  });

  it('the eip155 plugin lists every one of them, shows no icon that is not a data:image URI, and warns once per wallet, naming it', async () => {
    const target = new EventTarget();
    const warnings: string[] = [];
    const kernel = createKernel({
      plugins: [createEip155Plugin({ target })],
      storage: createMemoryStorage(),
      logLevel: 'warn',
      logSink: (level, message) => void (level === 'warn' && warnings.push(message)),
    });
    kernels.push(kernel);
    await kernel.start();
    await (kernel.getService(chainAdapterRef('eip155')) as unknown as { preload(): Promise<void> }).preload();
    const providers = CASES.map(() => ({ request: async () => null }));
    const announceAll = () =>
      CASES.forEach(({ label, icon }, i) => {
        const info = { uuid: `${i}b7f4a4e-9a3c-4d6b-8e2f-0c1d2e3f4a5b`, name: `Wallet ${label}`, icon, rdns: `dev.portico.wallet${i}` };
        target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info, provider: providers[i] } }));
      });
    announceAll();
    // Wallets announce again on every request: the warning is not repeated.
    announceAll();
    const listed = kernel.connectors.getSnapshot().map((c) => [c.name, c.icon]);
    expect(listed).toEqual(CASES.map(({ label, kept }) => [`Wallet ${label}`, kept]));
    const iconWarnings = warnings.filter((w) => w.includes('icon'));
    expect(iconWarnings).toHaveLength(3);
    for (const { label, reason } of CASES.filter((c) => c.reason)) {
      expect(iconWarnings.filter((w) => w.includes(`"Wallet ${label}"`)), label).toHaveLength(1);
      expect(iconWarnings.find((w) => w.includes(`"Wallet ${label}"`))).toMatch(reason!);
    }
    expect(warnings.some((w) => w.includes('Ignored'))).toBe(false);
  });
});
