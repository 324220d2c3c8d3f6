import { ed25519 } from '@noble/curves/ed25519';
import type { FrameHandlers, FrameUser } from '@portico/frame-protocol';
import { base58 } from '@scure/base';
import { createWalletClient, http, isHex, numberToHex, type Hex, type TypedDataDefinition } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { createSeed, combineShares, deriveAccounts, openRecoveryShare, sealRecoveryShare, splitSeed } from '../custody';
import { AuthServiceError, createAuthClient } from './authClient';
import type { Approvals } from './approvals';
import { createCallsWallet, RpcError } from './calls';
import type { FrameConfig, FrameQuery } from './config';
import { createPermissions } from './permissions';

/** The frame origin's storage (the host page cannot read it: another origin). */
export interface FrameStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

interface Unlocked {
  readonly evm: PrivateKeyAccount;
  readonly solanaSeed: Uint8Array;
  readonly solanaAddress: string;
}

/** What signs or sends for the user: asked in the frame first (see `needsApproval`). */
const PROMPTED = new Set(['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_sendCalls', 'wallet_grantPermissions', 'solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction']);

/**
 * Whether a request waits for the user's click in the frame: everything that signs or sends,
 * except a batch under an ERC-7715 grant the user approved here before (the only path without a
 * prompt; the grant's limits are checked by `calls.sendCalls` before anything is signed).
 */
export function needsApproval(method: string, params: unknown): boolean {
  if (!PROMPTED.has(method)) return false;
  if (method !== 'wallet_sendCalls') return true;
  // The shape the host's gate lets through without its view (a grant's 32-byte context in plain objects); anything else is asked.
  const plain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;
  const first: unknown = Array.isArray(params) ? params[0] : undefined;
  const capabilities = plain(first) ? first['capabilities'] : undefined;
  const permissions = plain(capabilities) ? capabilities['permissions'] : undefined;
  const context = plain(permissions) ? permissions['context'] : undefined;
  return !(typeof context === 'string' && /^0x[0-9a-fA-F]{64}$/.test(context));
}

const randomId = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

/**
 * The embedded wallet inside the frame: e-mail login through the auth service, the key rebuilt
 * from the device share (this origin's storage) and the auth share (the service, for a live
 * session), kept in memory only, and the frame protocol's handlers over it. The host page gets
 * addresses and signatures, never key material.
 */
export function createFrameWallet(options: { config: FrameConfig; query: FrameQuery; hostOrigin: string; storage: FrameStorage; approvals: Approvals; reload?: () => void }) {
  const { config, query, storage, approvals } = options;
  const keys = {
    device: 'portico.frame.deviceId',
    session: `portico.frame.session:${query.projectId}`,
    chain: `portico.frame.chain:${query.projectId}`,
    share: (userId: string) => `portico.frame.deviceShare:${userId}`,
    pendingShare: (userId: string) => `portico.frame.deviceSharePending:${userId}`,
    address: (userId: string) => `portico.frame.address:${userId}`,
    accountType: `portico.frame.accountType:${query.projectId}`,
    calls: `portico.frame.calls:${query.projectId}`,
    permissions: `portico.frame.permissions:${query.projectId}`,
    /** The social login's account name at the provider (none after an e-mail login). */
    userName: `portico.frame.userName:${query.projectId}`,
  };
  let deviceId = storage.getItem(keys.device);
  if (!deviceId || !/^[A-Za-z0-9_-]{16,64}$/.test(deviceId)) storage.setItem(keys.device, (deviceId = randomId()));
  let chainId = storage.getItem(keys.chain) ?? query.chainId;
  let flowId: string | undefined;
  let changeFlowId: string | undefined;
  /**
   * The social sign-in under way: its flow at the service, the provider URL the popup was sent to
   * (Farcaster: the channel's URL), and what binds the flow to this frame (issue #36): the PKCE
   * verifier, which never leaves this frame but to complete the flow, and the `state` and callback
   * address the provider's answer must carry.
   */
  let social: { flowId: string; uri: string; provider: string; verifier: string; state?: string; redirectUri?: string } | undefined;
  /**
   * How many social sign-ins the host has started here, in the order their requests came (issue
   * #38): the newest is the one the popup or the QR code is sent to. Two can be under way at once
   * (the view's effect run twice: React's StrictMode in development, or Back and the button
   * again), and the service may answer them in either order: an older start that ends last must
   * not take the place of the newer one.
   */
  let socialStarts = 0;
  /** Who is signed in: no e-mail address after a Farcaster login. */
  let user: { id: string; email?: string } | undefined;
  let unlocked: Unlocked | undefined;
  const call = createAuthClient({ authUrl: config.authUrl, projectId: query.projectId, hostOrigin: options.hostOrigin, token: () => storage.getItem(keys.session) ?? undefined });

  /** After a passcode or a reload: the key from the device share and the auth share; a first login makes it. */
  /** A login whose device holds no share: the auth share and the sealed recovery share, until the recovery password is given. */
  let locked: { authShare: string; sealedRecovery?: string } | undefined;

  const finish = async (account: { id: string }, seed: Uint8Array) => {
    const accounts = await deriveAccounts(seed);
    seed.fill(0);
    storage.setItem(keys.address(account.id), accounts.evmAddress);
    locked = undefined;
    unlocked = { evm: privateKeyToAccount(accounts.evmPrivateKey), solanaSeed: accounts.solanaSeed, solanaAddress: accounts.solanaAddress };
  };

  /**
   * The seed from this device's share and the auth share, checked against the address this device
   * knows (a share left pending by an interrupted change of shares is tried too, and kept if it fits).
   */
  const seedFrom = async (userId: string, authShare: string): Promise<Uint8Array | undefined> => {
    const expected = storage.getItem(keys.address(userId));
    for (const key of [keys.share(userId), keys.pendingShare(userId)]) {
      const share = storage.getItem(key);
      const seed = share ? await combineShares(share, authShare).catch(() => undefined) : undefined;
      if (!seed || (expected && (await deriveAccounts(seed)).evmAddress !== expected)) continue;
      if (key !== keys.share(userId)) storage.setItem(keys.share(userId), share!);
      storage.removeItem(keys.pendingShare(userId));
      return seed;
    }
    return undefined;
  };

  /**
   * After a passcode or a reload: the key from the device share and the auth share; a first login
   * makes it. A device without a share stays locked: `password` (a recovery password unlocks it)
   * or `unavailable` (none was set: the key is only on the devices that made or recovered it).
   */
  const unlock = async (account: { id: string; email?: string }): Promise<'password' | 'unavailable' | undefined> => {
    user = account;
    let stored: { share: string; sealedRecovery?: string };
    try {
      stored = await call<{ share: string; sealedRecovery?: string }>('GET', '/v1/keys/auth-share');
    } catch (error) {
      if (!(error instanceof AuthServiceError && error.status === 404)) throw error;
      // First login: the key is made here. The recovery share is kept only once the user sets a recovery password.
      const made = await createSeed();
      await call('PUT', '/v1/keys/auth-share', { share: made.shares.auth });
      storage.setItem(keys.share(account.id), made.shares.device);
      await finish(account, made.seed);
      return undefined;
    }
    const seed = await seedFrom(account.id, stored.share);
    if (seed) {
      await finish(account, seed);
      return undefined;
    }
    locked = { authShare: stored.share, ...(stored.sealedRecovery ? { sealedRecovery: stored.sealedRecovery } : {}) };
    return stored.sealedRecovery ? 'password' : 'unavailable';
  };

  const requireUnlocked = () => {
    if (!unlocked || !user) throw new RpcError('The wallet is not connected', 4900);
    return unlocked;
  };

  const forget = () => {
    storage.removeItem(keys.session);
    storage.removeItem(keys.userName);
    unlocked = undefined;
    locked = undefined;
    user = undefined;
  };

  /** A session kept from an earlier load: checked with the service, then the key unlocked. */
  const restore = async () => {
    if (!storage.getItem(keys.session)) return false;
    try {
      const { user: account } = await call<{ user: { id: string; email?: string } }>('GET', '/v1/session');
      await unlock(account);
      return true;
    } catch (error) {
      if (error instanceof AuthServiceError && error.status === 401) forget();
      return false;
    }
  };
  const restoring = restore();

  /** The user's choice (spec default on eip155: the smart account), kept in this origin's storage. */
  const preferredType = (): 'eoa' | 'smartAccount' => (storage.getItem(keys.accountType) === 'eoa' ? 'eoa' : 'smartAccount');
  /** Networks where the account can be a smart account: the implementation is configured and the frame can send there. */
  const smartNetworks = () => Object.keys(config.smartAccounts).filter((network) => network.startsWith('eip155:') && config.rpcUrls[network]);
  /** The account is a smart account on `network` now: the user prefers one and the network has one. */
  const isSmart = (network: string) => preferredType() === 'smartAccount' && smartNetworks().includes(network);
  const rpcUrl = (network: string) => {
    const url = config.rpcUrls[network];
    if (!url) throw new RpcError(`The embedded wallet has no RPC for ${network}`, 4901);
    return url;
  };
  const permissions = createPermissions({ account: () => requireUnlocked().evm.address, smart: isSmart, storage, storageKey: keys.permissions });
  const calls = createCallsWallet({
    permissions,
    account: () => requireUnlocked().evm,
    rpcUrl,
    implementation: (network) => (smartNetworks().includes(network) ? (config.smartAccounts[network] as Hex | undefined) : undefined),
    smart: isSmart,
    storage,
    storageKey: keys.calls,
  });

  const userName = () => {
    const name = storage.getItem(keys.userName);
    return name ? { userName: Array.from(name).slice(0, 120).join('') } : {};
  };
  const userOf = async (wanted?: string): Promise<FrameUser> => {
    const keysNow = requireUnlocked();
    const network = wanted ?? chainId;
    if (network.startsWith('solana:')) {
      const address = keysNow.solanaAddress;
      return { ...emailOf(), ...userName(), address, chainId: network, accounts: [{ address, type: 'eoa' }], preferredAccountType: 'eoa' };
    }
    const address = keysNow.evm.address;
    // EIP-7702: the smart account is the same address, its code a delegation to the implementation.
    const smart = isSmart(network);
    const deployed = smart ? await calls.delegated(network).catch(() => false) : false;
    return { ...emailOf(), ...userName(), address, chainId: network, accounts: [{ address, type: smart ? 'smartAccount' : 'eoa' }], preferredAccountType: smart ? 'smartAccount' : 'eoa', smartAccountDeployed: deployed };
  };

  const rpc = async (network: string, method: string, params: unknown): Promise<unknown> => {
    requireUnlocked();
    // Nothing signs or sends until the user approves in this frame (issue #36): no message from the host page can.
    if (needsApproval(method, params)) await approvals.ask({ network, method, params });
    const keysNow = requireUnlocked();
    const list = Array.isArray(params) ? params : [];
    if (network.startsWith('solana:')) {
      if (method === 'solana_signMessage') {
        const { message } = (params ?? {}) as { message?: unknown };
        if (typeof message !== 'string') throw new RpcError('solana_signMessage needs a base58 message', -32602);
        return { signature: base58.encode(ed25519.sign(base58.decode(message), keysNow.solanaSeed)) };
      }
      if (method === 'solana_getAccounts' || method === 'solana_requestAccounts') return [{ pubkey: keysNow.solanaAddress }];
      if (method === 'solana_signTransaction' || method === 'solana_signAndSendTransaction') {
        const { transaction } = (params ?? {}) as { transaction?: unknown };
        if (typeof transaction !== 'string' || transaction.length === 0 || transaction.length > 4096) throw new RpcError(`${method} needs a base64 transaction`, -32602);
        const { signSolanaTransaction, sendSolanaTransaction } = await import('./solana');
        const signed = await signSolanaTransaction(transaction, keysNow.solanaSeed);
        if (method === 'solana_signTransaction') return { transaction: signed.transaction, signature: signed.signature };
        const url = config.rpcUrls[network];
        if (!url) throw new RpcError(`The embedded wallet has no RPC for ${network}`, 4901);
        return { signature: await sendSolanaTransaction(url, signed.transaction) };
      }
      throw new RpcError(`${method} is not supported by the embedded wallet`, 4200);
    }
    if (!network.startsWith('eip155:')) throw new RpcError(`Chain ${network} is not supported`, 4901);
    const account = keysNow.evm;
    switch (method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return [account.address];
      case 'eth_chainId':
        return numberToHex(BigInt(network.split(':')[1]!));
      case 'personal_sign': {
        const [message] = list as [unknown];
        if (typeof message !== 'string') throw new RpcError('personal_sign needs a message', -32602);
        return account.signMessage({ message: isHex(message) ? { raw: message } : message });
      }
      case 'eth_signTypedData_v4': {
        const [, json] = list as [unknown, unknown];
        if (typeof json !== 'string') throw new RpcError('eth_signTypedData_v4 needs the typed data as JSON', -32602);
        return account.signTypedData(JSON.parse(json) as TypedDataDefinition);
      }
      case 'eth_sendTransaction': {
        const [tx] = list as [{ to?: Hex; value?: Hex; data?: Hex; gas?: Hex } | undefined];
        const url = rpcUrl(network);
        if (!tx?.to) throw new RpcError('eth_sendTransaction needs a recipient', -32602);
        const wallet = createWalletClient({ account, transport: http(url) });
        return wallet.sendTransaction({ chain: null, to: tx.to, ...(tx.value ? { value: BigInt(tx.value) } : {}), ...(tx.data ? { data: tx.data } : {}), ...(tx.gas ? { gas: BigInt(tx.gas) } : {}) });
      }
      case 'wallet_getCapabilities':
        return calls.getCapabilities(list, Object.keys(config.rpcUrls).filter((n) => n.startsWith('eip155:')));
      case 'wallet_sendCalls':
        return calls.sendCalls(network, list);
      case 'wallet_getCallsStatus':
        return calls.getCallsStatus(list);
      case 'wallet_grantPermissions':
        return permissions.grant(network, list);
      case 'wallet_revokePermissions':
        return permissions.revoke(list);
      case 'wallet_getGrantedExecutionPermissions':
        return permissions.list();
      default:
        throw new RpcError(`${method} is not supported by the embedded wallet`, 4200);
    }
  };

  const emailOf = () => (user?.email ? { email: user.email } : {});

  /** Takes the session a finished social sign-in gives, and unlocks the key. */
  const takeSocialSession = async (answer: { token: string; user: { id: string; email?: string; userName?: string } }) => {
    social = undefined;
    storage.setItem(keys.session, answer.token);
    const userName = typeof answer.user.userName === 'string' ? Array.from(answer.user.userName).slice(0, 120).join('') : undefined;
    if (userName) storage.setItem(keys.userName, userName);
    else storage.removeItem(keys.userName);
    const recovery = await unlock(answer.user);
    return { email: answer.user.email, userName, recovery };
  };

  /**
   * Farcaster: waits for the relay's answer at the service (polling every second, at most ten
   * minutes, and no longer once another sign-in has started), then takes the session with this
   * frame's verifier.
   */
  const finishFarcaster = async (flow: NonNullable<typeof social>) => {
    for (let started = Date.now(); ; ) {
      if (social?.flowId !== flow.flowId) throw new Error('Another sign-in was started');
      if (Date.now() - started >= 10 * 60_000) throw new Error('The sign-in was not finished in time');
      const { step, error } = await call<{ step: string; error?: string }>('POST', '/v1/social/status', { flowId: flow.flowId });
      if (step === 'failed') throw new Error(error ?? 'Sign-in failed');
      if (step === 'done') break;
      if (step !== 'pending') throw new Error('This sign-in was used already');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    return takeSocialSession(await call('POST', '/v1/social/complete', { flowId: flow.flowId, codeVerifier: flow.verifier }));
  };

  const handlers: FrameHandlers = {
    async CONNECT_EMAIL({ email }) {
      const answer = await call<{ flowId: string; step: string }>('POST', '/v1/email/login', { email, deviceId });
      flowId = answer.flowId;
      return { action: answer.step === 'device' ? 'VERIFY_DEVICE' : 'VERIFY_OTP' };
    },
    async CONNECT_DEVICE() {
      if (!flowId) throw new Error('Start with the e-mail address');
      // The user opens the mailed link, in any browser; the step moves on then.
      for (const started = Date.now(); Date.now() - started < 10 * 60_000; ) {
        const { step } = await call<{ step: string }>('POST', '/v1/email/status', { flowId });
        if (step !== 'device') return {};
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      throw new Error('The device link was not opened in time');
    },
    async CONNECT_OTP({ otp }) {
      if (!flowId) throw new Error('Start with the e-mail address');
      const answer = await call<{ token: string; user: { id: string; email: string } }>('POST', '/v1/email/otp', { flowId, code: otp }).catch((error: unknown) => {
        // The host shows how many tries are left.
        const left = error instanceof AuthServiceError ? error.body.attemptsLeft : undefined;
        throw typeof left === 'number' ? new Error(`Invalid code (${left} attempts left)`) : error;
      });
      storage.setItem(keys.session, answer.token);
      storage.removeItem(keys.userName);
      flowId = undefined;
      const recovery = await unlock(answer.user);
      return recovery ? { recovery } : {};
    },
    async GET_SOCIAL_REDIRECT_URI({ provider }) {
      const start = ++socialStarts;
      // The verifier stays here; the service gets its S256 challenge (and the provider, in the authorization URL).
      const verifier = randomId() + randomId();
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
      const codeChallenge = btoa(String.fromCharCode(...digest)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      const answer = await call<{ flowId: string; uri: string }>('POST', '/v1/social/start', { provider, deviceId, codeChallenge });
      // A newer start came meanwhile (the host left this one): it keeps its place.
      if (start !== socialStarts) throw new Error('Another sign-in was started');
      const asked = new URL(answer.uri).searchParams;
      social = {
        flowId: answer.flowId,
        uri: answer.uri,
        provider,
        verifier,
        ...(provider === 'farcaster' ? {} : { state: asked.get('state') ?? '', redirectUri: asked.get('redirect_uri') ?? '' }),
      };
      return { uri: answer.uri };
    },
    async CONNECT_SOCIAL({ uri }) {
      // `uri`: the provider's answer at the service's callback, as the popup's page handed it to the
      // host page. Only the sign-in this frame started, answered at the address and with the state it asked for.
      const flow = social;
      if (!flow || flow.provider === 'farcaster' || !flow.redirectUri) throw new Error('Start the social sign-in first');
      const answer = new URL(uri);
      if (`${answer.origin}${answer.pathname}` !== flow.redirectUri || answer.searchParams.get('state') !== flow.state) throw new Error('That answer is not from the sign-in this wallet started');
      const denied = answer.searchParams.get('error');
      if (denied) {
        social = undefined;
        throw new Error(`The provider said: ${(answer.searchParams.get('error_description') ?? denied).slice(0, 200)}`);
      }
      const done = await takeSocialSession(await call('POST', '/v1/social/complete', { flowId: flow.flowId, codeVerifier: flow.verifier, callback: uri }));
      return { ...(done.email ? { email: done.email } : {}), ...(done.userName ? { userName: done.userName } : {}), ...(done.recovery ? { recovery: done.recovery } : {}) };
    },
    async CONNECT_FARCASTER() {
      // The channel whose QR code the host shows: the service asks the relay each time (once a second).
      if (!social || social.provider !== 'farcaster') throw new Error('Start the Farcaster sign-in first');
      const answer = await finishFarcaster(social);
      return { ...(answer.userName ? { userName: answer.userName } : {}), ...(answer.recovery ? { recovery: answer.recovery } : {}) };
    },
    async IS_CONNECTED() {
      await restoring;
      return { isConnected: unlocked !== undefined };
    },
    async GET_USER({ chainId: wanted, preferredAccountType }) {
      await restoring;
      // The host keeps the user's choice (spec: preferred account types in local storage); a smart account only where there is one.
      if (preferredAccountType === 'eoa' || (preferredAccountType === 'smartAccount' && smartNetworks().includes(wanted ?? chainId))) storage.setItem(keys.accountType, preferredAccountType);
      return userOf(wanted);
    },
    GET_CHAIN_ID: () => ({ chainId }),
    SWITCH_NETWORK({ chainId: next }) {
      chainId = next;
      storage.setItem(keys.chain, next);
      return { chainId };
    },
    async SIGN_OUT() {
      approvals.cancelAll();
      await call('POST', '/v1/logout').catch(() => undefined);
      forget();
      return {};
    },
    async RPC_REQUEST({ chainId: network, method, params }) {
      await restoring;
      return { result: await rpc(network, method, params) };
    },
    GET_SMART_ACCOUNT_ENABLED_NETWORKS: () => ({ smartAccountEnabledNetworks: smartNetworks() }),
    async INIT_SMART_ACCOUNT() {
      await restoring;
      const { address } = requireUnlocked().evm;
      if (!smartNetworks().includes(chainId)) throw new Error(`Smart accounts are not available on ${chainId}`);
      // The upgrade is a transaction of the user's account (EIP-7702): approved here like any other.
      if (!(await calls.delegated(chainId).catch(() => false))) await approvals.ask({ network: chainId, method: 'wallet_upgradeToSmartAccount', params: [{ chainId, implementation: config.smartAccounts[chainId] }] });
      return { address, isDeployed: await calls.upgrade(chainId) };
    },
    async SET_PREFERRED_ACCOUNT({ type }) {
      await restoring;
      const { address } = requireUnlocked().evm;
      if (type === 'smartAccount' && !smartNetworks().includes(chainId)) throw new Error(`Smart accounts are not available on ${chainId}`);
      storage.setItem(keys.accountType, type);
      return { type, address };
    },
    async UPDATE_EMAIL({ email }) {
      requireUnlocked();
      changeFlowId = (await call<{ flowId: string }>('POST', '/v1/email/change', { newEmail: email })).flowId;
      return { action: 'VERIFY_PRIMARY_OTP' };
    },
    async UPDATE_EMAIL_PRIMARY_OTP({ otp }) {
      if (!changeFlowId) throw new Error('Start with the new e-mail address');
      await call('POST', '/v1/email/change/otp', { flowId: changeFlowId, code: otp });
      return {};
    },
    async UPDATE_EMAIL_SECONDARY_OTP({ otp }) {
      if (!changeFlowId) throw new Error('Start with the new e-mail address');
      const answer = await call<{ user: { id: string; email: string } }>('POST', '/v1/email/change/otp', { flowId: changeFlowId, code: otp });
      changeFlowId = undefined;
      user = answer.user;
      return { newEmail: answer.user.email };
    },
    async GET_RECOVERY() {
      await restoring;
      if (!user) throw new RpcError('The wallet is not connected', 4900);
      const { sealedRecovery } = await call<{ sealedRecovery?: string }>('GET', '/v1/keys/auth-share');
      return { password: typeof sealedRecovery === 'string' };
    },
    async SET_RECOVERY_PASSWORD({ password }) {
      await restoring;
      requireUnlocked();
      const id = user!.id;
      const stored = await call<{ share: string; sealedRecovery?: string }>('GET', '/v1/keys/auth-share');
      // Another device may hold the present recovery share as its own: it is not replaced.
      if (stored.sealedRecovery) throw new Error('A recovery password is already set');
      const seed = await seedFrom(id, stored.share);
      if (!seed) throw new Error('This device no longer holds a share of the key');
      // New shares of the same seed: the recovery share sealed under the password, the others in their places.
      const shares = await splitSeed(seed);
      seed.fill(0);
      const sealedRecovery = await sealRecoveryShare(shares.recovery, password);
      storage.setItem(keys.pendingShare(id), shares.device);
      await call('PUT', '/v1/keys/auth-share', { share: shares.auth, sealedRecovery });
      storage.setItem(keys.share(id), shares.device);
      storage.removeItem(keys.pendingShare(id));
      return {};
    },
    async RECOVER_WITH_PASSWORD({ password }) {
      await restoring;
      if (!user || !locked) throw new Error('Log in with your e-mail address first');
      if (!locked.sealedRecovery) throw new Error('No recovery password was set for this wallet');
      const recoveryShare = await openRecoveryShare(locked.sealedRecovery, password);
      const seed = await combineShares(recoveryShare, locked.authShare);
      // This device keeps the recovery share as its own: with the auth share it rebuilds the key.
      storage.setItem(keys.share(user.id), recoveryShare);
      await finish(user, seed);
      return {};
    },
    CANCEL_APPROVALS: () => ({ cancelled: approvals.cancelAll() }),
    SYNC_DAPP_DATA: () => ({}),
    RELOAD() {
      setTimeout(() => options.reload?.(), 0);
      return {};
    },
  };

  return {
    handlers,
    restoring,
    get deviceId() {
      return deviceId!;
    },
    /** The unlocked account's EVM address (none while locked). */
    address: () => unlocked?.evm.address,
    /** The unlocked account's Solana address (none while locked). */
    solanaAddress: () => unlocked?.solanaAddress,
  };
}
