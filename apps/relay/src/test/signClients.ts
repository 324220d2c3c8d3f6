import { SignClient } from '@walletconnect/sign-client';

/** A sign-client instance (the package's named export is a value; this is its instance type). */
export type WalletConnectClient = InstanceType<typeof SignClient>;
type SignClientOptions = NonNullable<ConstructorParameters<typeof SignClient>[0]>;
/** The key-value storage sign-client persists its state to (`IKeyValueStorage`). */
export type SignClientStorage = NonNullable<SignClientOptions['storage']>;

/**
 * An in-memory storage, one per client (or shared by a client and its restart). Values are
 * cloned like the real storage serialises them, so a client cannot mutate what it stored.
 */
export function createMemoryStorage(): SignClientStorage {
  const entries = new Map<string, unknown>();
  return {
    getKeys: async () => [...entries.keys()],
    getEntries: async <T,>() => [...entries.entries()].map(([k, v]) => [k, structuredClone(v)] as [string, T]),
    getItem: async <T,>(key: string) => (entries.has(key) ? (structuredClone(entries.get(key)) as T) : undefined),
    setItem: async <T,>(key: string, value: T) => void entries.set(key, structuredClone(value)),
    removeItem: async (key: string) => void entries.delete(key),
  } as SignClientStorage;
}

/** Starts a real sign-client against `relayUrl` with its own storage and telemetry off. */
export function startSignClient(relayUrl: string, name: string, storage: SignClientStorage = createMemoryStorage()): Promise<WalletConnectClient> {
  return SignClient.init({
    projectId: 'portico-relay-test',
    relayUrl,
    storage,
    telemetryEnabled: false,
    logger: 'silent',
    metadata: { name, description: `${name} (relay test)`, url: 'http://127.0.0.1', icons: [] },
  });
}

/**
 * Stops a sign-client for good: the heartbeat interval drives every retry loop and would keep
 * the process alive, and `transportClose` closes the socket without the auto-reconnect.
 */
export async function stopSignClient(client: WalletConnectClient): Promise<void> {
  client.core.heartbeat.stop();
  await client.core.relayer.transportClose().catch(() => undefined);
}

/** The namespaces the test wallet approves: one eip155 chain with `accounts`. */
export const walletNamespaces = (accounts: string[]) => ({
  eip155: { chains: ['eip155:1'], accounts, methods: ['personal_sign', 'eth_chainId'], events: ['accountsChanged', 'chainChanged'] },
});

/**
 * The whole handshake: dapp `connect` → wallet `pair` → `session_proposal` → wallet `approve`
 * → the dapp's `approval()` and the wallet's `acknowledged()`. Returns the session topic.
 */
export async function settleSession(dapp: WalletConnectClient, wallet: WalletConnectClient, accounts: string[]): Promise<string> {
  const { uri, approval } = await dapp.connect({ optionalNamespaces: { eip155: { chains: ['eip155:1'], methods: ['personal_sign'], events: ['accountsChanged'] } } });
  if (!uri) throw new Error('connect() returned no pairing uri');
  const proposal = new Promise<{ id: number }>((resolve) => wallet.once('session_proposal', resolve));
  await wallet.pair({ uri });
  const { id } = await proposal;
  const { topic, acknowledged } = await wallet.approve({ id, namespaces: walletNamespaces(accounts) });
  const session = await approval();
  await acknowledged();
  if (session.topic !== topic) throw new Error(`dapp settled ${session.topic}, wallet approved ${topic}`);
  return topic;
}
