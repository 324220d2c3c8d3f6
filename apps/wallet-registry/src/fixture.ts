import { createHash } from 'node:crypto';
import type { WcWallet } from './WcWallet';

/** Wallets in the default fixture. */
export const FIXTURE_SIZE = 1200;
/** Seed of the default fixture; the same seed always yields the same wallets. */
export const FIXTURE_SEED = 0x5eed_cafe;

/** The name of the fixture's hostile entry, for escaping tests in the UI. */
export const HOSTILE_WALLET_NAME = '<img src=x onerror=alert(1)>';

/** Chain ids the fixture draws from, per namespace (mainnets first). */
export const FIXTURE_CHAINS = {
  eip155: ['eip155:1', 'eip155:10', 'eip155:137', 'eip155:8453', 'eip155:42161', 'eip155:11155111'],
  solana: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'],
  bip122: ['bip122:000000000019d6689c085ae165831e93', 'bip122:000000000933ea01ad0ee984209779ba'],
} as const;

type Namespace = keyof typeof FIXTURE_CHAINS;

/** Options of `createWalletFixture`. */
export interface WalletFixtureOptions {
  count?: number;
  seed?: number;
}

/** mulberry32: a tiny seeded PRNG, enough for varied but reproducible data. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    chance: (p: number) => next() < p,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

const hex = (text: string) => createHash('sha256').update(text).digest('hex');
/** A UUID-looking image id, as the explorer uses. */
const imageIdOf = (text: string) => {
  const h = hex(`image:${text}`);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
};

/** Well-known-looking wallets that head the list (the real explorer orders these first). */
const FAMOUS: ReadonlyArray<{ name: string; namespaces: Namespace[]; rdns?: string }> = [
  { name: 'MetaMask', namespaces: ['eip155'], rdns: 'io.metamask' },
  { name: 'Trust Wallet', namespaces: ['eip155', 'solana', 'bip122'], rdns: 'com.trustwallet.app' },
  { name: 'Rainbow', namespaces: ['eip155'], rdns: 'me.rainbow' },
  { name: 'Phantom', namespaces: ['solana', 'eip155', 'bip122'], rdns: 'app.phantom' },
  { name: 'Coinbase Wallet', namespaces: ['eip155', 'solana'], rdns: 'com.coinbase.wallet' },
  { name: 'Ledger Live', namespaces: ['eip155', 'solana', 'bip122'] },
  { name: 'Zerion', namespaces: ['eip155', 'solana'], rdns: 'io.zerion.wallet' },
  { name: 'OKX Wallet', namespaces: ['eip155', 'solana', 'bip122'], rdns: 'com.okex.wallet' },
  { name: 'Uniswap Wallet', namespaces: ['eip155'], rdns: 'org.uniswap.app' },
  { name: 'Safe', namespaces: ['eip155'] },
  { name: 'Solflare', namespaces: ['solana'], rdns: 'com.solflare' },
  { name: 'Backpack', namespaces: ['solana', 'eip155'], rdns: 'app.backpack' },
  { name: 'Xverse', namespaces: ['bip122'], rdns: 'com.xverse' },
  { name: 'Leather', namespaces: ['bip122'], rdns: 'io.leather' },
  { name: 'Exodus', namespaces: ['eip155', 'solana', 'bip122'], rdns: 'com.exodus.web3-wallet' },
];

const FIRST = ['Nova', 'Aurora', 'Lumen', 'Kite', 'Harbor', 'Summit', 'Cobalt', 'Ember', 'Quartz', 'Atlas', 'Orbit', 'Pixel', 'Drift', 'Maple', 'Tundra', 'Zephyr', 'Onyx', 'Juniper', 'Fjord', 'Saffron', 'Vega', 'Nimbus', 'Coral', 'Basalt', 'Hollow', 'Meridian', 'Cinder', 'Willow', 'Prism', 'Sable', 'Ünïcode', 'Façade', 'Citadel', 'Lotus', 'Glacier'];
const SECOND = ['Wallet', 'Vault', 'Pay', 'Keys', 'Safe', 'Pocket', 'Wallet Pro', 'Connect', 'Custody', 'Signer', 'Purse', 'Bank', 'Ledger', 'Hub'];

const slugOf = (name: string) => name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '') || 'wallet';

function chainsFor(namespaces: readonly Namespace[], random: ReturnType<typeof createRandom>): string[] {
  return namespaces.flatMap((ns) => {
    const all = FIXTURE_CHAINS[ns];
    // Mainnet always, plus a random subset of the rest.
    return [all[0], ...all.slice(1).filter(() => random.chance(0.5))];
  });
}

function makeWallet(index: number, name: string, namespaces: Namespace[], rdnsHint: string | undefined, seed: number, random: ReturnType<typeof createRandom>): WcWallet {
  const slug = slugOf(name);
  const key = `${seed}:${index}:${name}`;
  const wallet: WcWallet = { id: hex(`wallet:${key}`), name, homepage: `https://${slug}.example` };
  // One wallet in eight has no image, as custom/new listings do.
  if (index < FAMOUS.length || random.chance(0.875)) wallet.image_id = imageIdOf(key);
  wallet.order = index < FAMOUS.length ? index + 1 : random.chance(0.9) ? 100 + random.int(0, 5000) : null;
  wallet.chains = chainsFor(namespaces, random);
  const hasRdns = rdnsHint !== undefined || random.chance(0.35);
  if (hasRdns) {
    wallet.rdns = rdnsHint ?? `${random.pick(['com', 'io', 'app', 'xyz'])}.${slug}`;
    wallet.injected = namespaces.map((namespace) => ({ namespace, injected_id: wallet.rdns! }));
    wallet.chrome_store = `https://chromewebstore.google.com/detail/${slug}/${hex(key).slice(0, 32).replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]!)}`;
  }
  const famous = index < FAMOUS.length;
  wallet.mobile_link = famous || random.chance(0.75) ? (random.chance(0.6) ? `${slug}://` : `https://${slug}.app.link`) : null;
  wallet.desktop_link = random.chance(0.2) ? `${slug}-desktop://` : null;
  wallet.webapp_link = random.chance(0.25) ? `https://app.${slug}.example` : null;
  wallet.link_mode = wallet.mobile_link?.startsWith('https:') && random.chance(0.3) ? `https://${slug}.app.link/wc` : null;
  wallet.app_store = wallet.mobile_link ? `https://apps.apple.com/app/${slug}/id${random.int(100000000, 999999999)}` : null;
  wallet.play_store = wallet.mobile_link ? `https://play.google.com/store/apps/details?id=com.${slug}` : null;
  wallet.supports_wc = wallet.mobile_link !== null || wallet.desktop_link !== null || wallet.webapp_link !== null;
  return wallet;
}

/**
 * A deterministic registry of `count` (default 1,200) wallets: well-known-looking names
 * first, then generated ones; unique 64-hex ids; a mix of eip155/solana/bip122 chains,
 * rdns + injected entries, mobile/desktop/web links, some without images, and one hostile
 * entry (HTML in its name, `javascript:`/`data:` links) for escaping and link-validation tests.
 */
export function createWalletFixture({ count = FIXTURE_SIZE, seed = FIXTURE_SEED }: WalletFixtureOptions = {}): WcWallet[] {
  const random = createRandom(seed);
  const wallets: WcWallet[] = [];
  const names = new Set<string>();
  for (const famous of FAMOUS.slice(0, count)) {
    names.add(famous.name);
    wallets.push(makeWallet(wallets.length, famous.name, [...famous.namespaces], famous.rdns, seed, random));
  }
  if (wallets.length < count) {
    const hostile = makeWallet(wallets.length, HOSTILE_WALLET_NAME, ['eip155'], undefined, seed, random);
    wallets.push({ ...hostile, mobile_link: 'javascript:alert(document.domain)', webapp_link: 'data:text/html,<script>alert(1)</script>', order: 500 });
  }
  const namespaceSets: Namespace[][] = [['eip155'], ['eip155'], ['eip155'], ['solana'], ['bip122'], ['eip155', 'solana'], ['eip155', 'bip122'], ['eip155', 'solana', 'bip122']];
  while (wallets.length < count) {
    let name = `${random.pick(FIRST)} ${random.pick(SECOND)}`;
    for (let n = 2; names.has(name); n++) name = `${name.replace(/ \d+$/, '')} ${n}`;
    names.add(name);
    wallets.push(makeWallet(wallets.length, name, random.pick(namespaceSets), undefined, seed, random));
  }
  return wallets;
}
