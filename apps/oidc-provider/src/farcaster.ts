import { createWalletClient } from '@farcaster/auth-client';
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createPublicClient, createWalletClient as createViemWallet, http, keccak256, parseEther, toHex, type Abi, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/** Farcaster's ID registry on OP Mainnet; the stand-in puts its test registry at the same address. */
export const FARCASTER_ID_REGISTRY = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b' as const;

/**
 * Farcaster app usernames that sign in wrongly, for the tests of the checks on the other side:
 * a custody address the ID registry does not know, a message with another nonce or domain than
 * the channel's, and a signature from a key that is not the custody address.
 */
export const FARCASTER_MISBEHAVING = { unregistered: 'unregistered', wrongNonce: 'wrongnonce', wrongDomain: 'wrongdomain', forged: 'forged' } as const;

/** How long a relay channel lives (the real relay's channels last an hour). */
const CHANNEL_TTL_MS = 60 * 60_000;
const MAX_CHANNELS = 1000;

interface Channel {
  readonly token: string;
  readonly nonce: string;
  readonly url: string;
  readonly params: { siweUri: string; domain: string; nonce: string; notBefore?: string; expirationTime?: string; requestId?: string };
  readonly expiresAt: number;
  completed?: { message: string; signature: Hex; fid: number; username?: string; displayName?: string; bio?: string; pfpUrl?: string; custody?: Address };
}

/** A stand-in Farcaster account: its fid and custody key follow from the username. */
export function farcasterAccount(username: string) {
  const key = keccak256(toHex(`portico farcaster stand-in custody key: ${username}`));
  const custody = privateKeyToAccount(key);
  const fid = Number(BigInt(`0x${createHash('sha256').update(username).digest('hex').slice(0, 12)}`) % 900_000n) + 100_000;
  const displayName = username.replace(/[._-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
  return { username, fid, custody, displayName };
}

const esc = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const isoDate = (value: unknown) => typeof value === 'string' && value.length <= 64 && !Number.isNaN(Date.parse(value));

/** Options of `createFarcasterStandIn`. */
export interface FarcasterStandInOptions {
  /** The stand-in's origin; it serves under `<url>/farcaster`. */
  readonly url: string;
  /** The chain holding the ID registry (a local anvil): the registry is put there, accounts registered on approval. */
  readonly rpcUrl?: string | undefined;
}

/**
 * Sign In With Farcaster, stood in for: the relay (`/farcaster/relay/v1/channel`, `…/channel/status`,
 * `…/channel/authenticate`, as relay.farcaster.xyz answers them) and the Farcaster app's sign-in
 * page that a channel's URL opens (`/farcaster/~/siwf?channelToken=…`, what scanning the QR code
 * opens on a phone), which signs the SIWF message with the account's custody key through
 * `@farcaster/auth-client`'s wallet client and hands it to the relay. With `rpcUrl`, the ID registry
 * (`TestFarcasterIdRegistry`) is put at its OP Mainnet address on that chain and each account
 * that signs in is registered there first, so the app side can check the signer owns the fid.
 */
export function createFarcasterStandIn(options: FarcasterStandInOptions) {
  const base = `${options.url}/farcaster`;
  const relayKey = randomBytes(24).toString('base64url');
  const channels = new Map<string, Channel>();
  const wallet = createWalletClient({ relay: `${base}/relay`, ethereum: undefined as never });
  const registry = options.rpcUrl ? installRegistry(options.rpcUrl) : undefined;
  // A failed install is reported at the first sign-in, not as an unhandled rejection at start.
  registry?.catch(() => undefined);

  const json = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));
  const page = (res: ServerResponse, status: number, title: string, body: string) =>
    res
      .writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; form-action 'self'", 'cache-control': 'no-store' })
      .end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body><main><h1>${esc(title)}</h1>${body}</main></body></html>`);
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      let size = 0;
      const parts: Buffer[] = [];
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > 16 * 1024) reject(new Error('Body too large'));
        else parts.push(chunk);
      });
      req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
      req.on('error', reject);
    });
  const live = (token: string | undefined) => {
    const channel = token ? channels.get(token) : undefined;
    if (channel && channel.expiresAt <= Date.now()) channels.delete(channel.token);
    return channel && channel.expiresAt > Date.now() ? channel : undefined;
  };
  const bearer = (req: IncomingMessage) => /^Bearer ([A-Za-z0-9_-]{16,128})$/.exec(req.headers.authorization ?? '')?.[1];
  const statusOf = (channel: Channel) => ({
    state: channel.completed ? 'completed' : 'pending',
    nonce: channel.nonce,
    url: channel.url,
    ...(channel.completed ?? {}),
    ...(channel.completed ? { authMethod: 'custody' } : {}),
    signatureParams: channel.params,
    metadata: { ip: '127.0.0.1', userAgent: 'portico-stand-in' },
    acceptAuthAddress: false,
  });

  /** The Farcaster app: the account signs the channel's message and the relay gets it. */
  const approve = async (channel: Channel, username: string) => {
    const account = farcasterAccount(username);
    const signer = username === FARCASTER_MISBEHAVING.forged ? privateKeyToAccount(keccak256(toHex('someone else'))) : account.custody;
    if (username !== FARCASTER_MISBEHAVING.unregistered) {
      if (!registry) throw new Error('This stand-in has no chain for the ID registry (start it with rpcUrl)');
      await register(await registry, account.custody.address, account.fid);
    }
    const built = wallet.buildSignInMessage({
      address: account.custody.address,
      fid: account.fid,
      uri: channel.params.siweUri,
      domain: username === FARCASTER_MISBEHAVING.wrongDomain ? 'elsewhere.example' : channel.params.domain,
      nonce: username === FARCASTER_MISBEHAVING.wrongNonce ? 'anothernonce1234' : channel.nonce,
      ...(channel.params.notBefore ? { notBefore: new Date(channel.params.notBefore) } : {}),
      ...(channel.params.expirationTime ? { expirationTime: new Date(channel.params.expirationTime) } : {}),
      ...(channel.params.requestId ? { requestId: channel.params.requestId } : {}),
    });
    if (built.isError) throw built.error;
    const signature = await signer.signMessage({ message: built.message });
    const sent = await wallet.authenticate({ channelToken: channel.token, authKey: relayKey, message: built.message, signature, fid: account.fid, username, displayName: account.displayName, pfpUrl: `https://stand-in.farcaster.example/${account.fid}.png` });
    if (sent.isError) throw sent.error;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    const url = new URL(path, base);
    if (url.pathname === '/relay/v1/channel' && req.method === 'POST') {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      } catch {
        return json(res, 400, { error: 'Malformed JSON' });
      }
      const { siweUri, domain, nonce, notBefore, expirationTime, requestId } = body ?? {};
      if (typeof siweUri !== 'string' || !URL.canParse(siweUri)) return json(res, 400, { error: 'siweUri: expected a URL' });
      if (typeof domain !== 'string' || !/^[A-Za-z0-9.-]{1,253}(:[0-9]{1,5})?$/.test(domain)) return json(res, 400, { error: 'domain: expected a host' });
      if (nonce !== undefined && (typeof nonce !== 'string' || !/^[A-Za-z0-9]{8,128}$/.test(nonce))) return json(res, 400, { error: 'nonce: expected 8 or more letters and digits' });
      if ((notBefore !== undefined && !isoDate(notBefore)) || (expirationTime !== undefined && !isoDate(expirationTime))) return json(res, 400, { error: 'notBefore, expirationTime: expected ISO 8601 dates' });
      if (requestId !== undefined && (typeof requestId !== 'string' || requestId.length > 256)) return json(res, 400, { error: 'requestId: expected a string' });
      for (const [token, channel] of channels) if (channel.expiresAt <= Date.now()) channels.delete(token);
      if (channels.size >= MAX_CHANNELS) return json(res, 429, { error: 'Too many open channels' });
      const token = randomBytes(24).toString('base64url');
      const chosen = (nonce as string | undefined) ?? randomBytes(12).toString('hex');
      const channel: Channel = {
        token,
        nonce: chosen,
        url: `${base}/~/siwf?channelToken=${token}`,
        params: { siweUri, domain, nonce: chosen, ...(notBefore ? { notBefore: notBefore as string } : {}), ...(expirationTime ? { expirationTime: expirationTime as string } : {}), ...(requestId ? { requestId: requestId as string } : {}) },
        expiresAt: Date.now() + CHANNEL_TTL_MS,
      };
      channels.set(token, channel);
      return json(res, 201, { channelToken: token, url: channel.url, nonce: channel.nonce });
    }
    if (url.pathname === '/relay/v1/channel/status' && req.method === 'GET') {
      const channel = live(bearer(req));
      if (!channel) return json(res, 401, { error: 'Unauthorized' });
      return json(res, channel.completed ? 200 : 202, statusOf(channel));
    }
    if (url.pathname === '/relay/v1/channel/authenticate' && req.method === 'POST') {
      if (req.headers['x-farcaster-auth-relay-key'] !== relayKey) return json(res, 401, { error: 'Unauthorized' });
      const channel = live(bearer(req));
      if (!channel) return json(res, 401, { error: 'Unauthorized' });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      } catch {
        return json(res, 400, { error: 'Malformed JSON' });
      }
      const { message, signature, fid, username, displayName, bio, pfpUrl } = body;
      if (typeof message !== 'string' || typeof signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(signature) || typeof fid !== 'number') return json(res, 400, { error: 'message, signature and fid required' });
      const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 256) : undefined);
      channel.completed = { message, signature: signature as Hex, fid, ...Object.fromEntries(Object.entries({ username: text(username), displayName: text(displayName), bio: text(bio), pfpUrl: text(pfpUrl) }).filter(([, v]) => v !== undefined)) };
      return json(res, 201, statusOf(channel));
    }
    if (url.pathname === '/~/siwf') {
      const token = url.searchParams.get('channelToken') ?? '';
      const channel = live(/^[A-Za-z0-9_-]{16,128}$/.test(token) ? token : undefined);
      if (!channel) return page(res, 404, 'Sign-in not found', '<p>This sign-in request has expired or does not exist.</p>');
      if (req.method === 'POST') {
        const form = new URLSearchParams(await readBody(req).catch(() => ''));
        if (form.get('action') === 'cancel') return page(res, 200, 'Sign-in cancelled', '<p>You can close this page.</p>');
        const username = (form.get('username') ?? '').trim().toLowerCase();
        if (!/^[a-z0-9][a-z0-9_-]{0,15}$/.test(username)) return page(res, 400, 'Username not valid', '<p>Use up to 16 letters, digits, - or _.</p>');
        if (channel.completed) return page(res, 409, 'Already signed in', '<p>This request was answered already.</p>');
        try {
          await approve(channel, username);
        } catch (error) {
          return page(res, 502, 'Sign-in failed', `<p>${esc((error as Error).message ?? String(error)).slice(0, 300)}</p>`);
        }
        return page(res, 200, 'Signed in', `<p>You signed in to ${esc(channel.params.domain)} as @${esc(username)}. Go back to the app.</p>`);
      }
      return page(
        res,
        200,
        `Sign in to ${channel.params.domain}`,
        `<p>${esc(channel.params.domain)} asks to sign you in with your Farcaster account (the Farcaster app stand-in).</p>` +
          `<form method="post"><label>Username <input name="username" value="portico" autocomplete="off" required></label>` +
          `<button name="action" value="approve">Sign in</button> <button name="action" value="cancel">Cancel</button></form>`,
      );
    }
    return json(res, 404, { error: `No route for ${req.method} /farcaster${url.pathname}` });
  };

  return {
    /** The relay's base URL (what `createAppClient({ relay })` takes). */
    relay: `${base}/relay`,
    handle: (req: IncomingMessage, res: ServerResponse, path: string) =>
      handle(req, res, path).catch((error: unknown) => {
        if (!res.headersSent) json(res, 400, { error: (error as Error).message ?? 'Bad request' });
      }),
  };
}

type RegistryChain = { rpcUrl: string; abi: Abi };

/** Puts `TestFarcasterIdRegistry` at the ID registry's address on the chain (`anvil_setCode`). */
async function installRegistry(rpcUrl: string): Promise<RegistryChain> {
  const { testContract } = await import('@portico/chain-eip155/testing/node');
  const contract = testContract('TestFarcasterIdRegistry');
  const client = createPublicClient({ transport: http(rpcUrl) });
  await client.request({ method: 'anvil_setCode' as 'eth_chainId', params: [FARCASTER_ID_REGISTRY, contract.deployedBytecode] as never });
  return { rpcUrl, abi: contract.abi };
}

/** The fid of `custody` on the registry, registered now if it has none (from an impersonated stand-in address: no dev account's nonce moves). */
async function register(chain: RegistryChain, custody: Address, fid: number) {
  const transport = http(chain.rpcUrl);
  const reader = createPublicClient({ transport });
  const known = (await reader.readContract({ address: FARCASTER_ID_REGISTRY, abi: chain.abi, functionName: 'idOf', args: [custody] })) as bigint;
  if (known === BigInt(fid)) return;
  if (known !== 0n) throw new Error(`The custody address ${custody} owns fid ${known} already`);
  const from = '0x00000000000000000000000000000000faca5e01' as Address;
  await reader.request({ method: 'anvil_impersonateAccount' as 'eth_chainId', params: [from] as never });
  await reader.request({ method: 'anvil_setBalance' as 'eth_chainId', params: [from, toHex(parseEther('1'))] as never });
  const writer = createViemWallet({ account: from, transport });
  const hash = await writer.writeContract({ address: FARCASTER_ID_REGISTRY, abi: chain.abi, functionName: 'register', args: [custody, BigInt(fid)], chain: null });
  const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== 'success') throw new Error(`Registering fid ${fid} reverted (${hash})`);
}
