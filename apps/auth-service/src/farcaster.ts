import { createAppClient, viemConnector, type AppClient, type StatusAPIResponse } from '@farcaster/auth-client';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/** The real relay and the chain with Farcaster's ID registry (OP Mainnet). */
export const FARCASTER_RELAY = 'https://relay.farcaster.xyz';
export const FARCASTER_RPC_URL = 'https://mainnet.optimism.io';

/**
 * A project's Sign In With Farcaster: nothing to register (no client id); where the relay is and
 * an OP Mainnet RPC URL for the ID registry, when not the public ones (locally: the stand-in's
 * relay and anvil).
 */
export interface FarcasterConfig {
  readonly relay?: string | undefined;
  readonly rpcUrl?: string | undefined;
}

export const farcasterConfigSchema = z.strictObject({ relay: z.optional(z.url()), rpcUrl: z.optional(z.url()) });

/** The relay's channel for a new sign-in: the URL the QR code carries, the token to poll it with. */
export interface FarcasterChannel {
  readonly channelToken: string;
  readonly url: string;
  readonly nonce: string;
  readonly domain: string;
}

/** Why a Farcaster sign-in ended: `retry` when the relay could not be asked (the flow stays open). */
export class FarcasterError extends Error {
  override name = 'FarcasterError';
  constructor(
    message: string,
    readonly retry = false,
  ) {
    super(message);
  }
}

/** What a completed, verified channel gives: the fid the message proves and the names the relay sent. */
export interface FarcasterAccount {
  readonly fid: number;
  readonly username?: string | undefined;
  readonly displayName?: string | undefined;
}

/**
 * Sign In With Farcaster on the app's side, with `@farcaster/auth-client`: a relay channel per
 * sign-in (nonce from the CSPRNG, the host page's domain and origin, an expiry), its status
 * polled, and the completed message verified here, never trusted from the relay: the SIWE
 * signature, nonce, domain, expiry, and that the signer is the fid's custody address on the ID
 * registry (`acceptAuthAddress: false`: no auth addresses, only custody).
 */
export function createFarcasterLogin(config: FarcasterConfig, ttlMs: number) {
  const client: AppClient = createAppClient({ relay: config.relay ?? FARCASTER_RELAY, ethereum: viemConnector({ rpcUrl: config.rpcUrl ?? FARCASTER_RPC_URL }) });
  return {
    async open(hostOrigin: string, now: number): Promise<FarcasterChannel> {
      const host = new URL(hostOrigin);
      const nonce = randomBytes(16).toString('hex');
      const answer = await client.createChannel({ siweUri: host.origin, domain: host.host, nonce, notBefore: new Date(now - 60_000).toISOString(), expirationTime: new Date(now + ttlMs).toISOString() });
      if (answer.isError) throw new FarcasterError('The Farcaster relay cannot be reached', true);
      const { channelToken, url } = answer.data ?? ({} as Partial<FarcasterChannel>);
      if (answer.response.status >= 300 || typeof channelToken !== 'string' || typeof url !== 'string' || !/^https?:$/.test(URL.canParse(url) ? new URL(url).protocol : '')) {
        throw new FarcasterError(`The Farcaster relay refused the sign-in (HTTP ${answer.response.status})`, true);
      }
      return { channelToken, url, nonce, domain: host.host };
    },
    /** The verified account once the Farcaster app has answered; undefined while it has not. */
    async check(channel: { channelToken: string; nonce: string; domain: string }): Promise<FarcasterAccount | undefined> {
      const answer = await client.status({ channelToken: channel.channelToken });
      if (answer.isError) throw new FarcasterError('The Farcaster relay cannot be reached', true);
      if (answer.response.status === 401 || answer.response.status === 404) throw new FarcasterError('The Farcaster sign-in expired at the relay');
      if (answer.response.status >= 300 && answer.response.status !== 202) throw new FarcasterError(`The Farcaster relay answered HTTP ${answer.response.status}`, true);
      const status = answer.data as Partial<StatusAPIResponse> | undefined;
      if (status?.state !== 'completed') return undefined;
      if (typeof status.message !== 'string' || typeof status.signature !== 'string') throw new FarcasterError('The Farcaster relay sent no signed message');
      const verified = await client.verifySignInMessage({ nonce: channel.nonce, domain: channel.domain, message: status.message, signature: status.signature, acceptAuthAddress: false });
      if (verified.isError) {
        const { errCode, message } = verified.error ?? { errCode: 'unknown', message: 'no reason given' };
        // The registry could not be read: the answer may be good, so the flow stays open.
        if (errCode === 'unavailable') throw new FarcasterError('The Farcaster ID registry cannot be reached', true);
        throw new FarcasterError(`The Farcaster answer was refused: ${message}`.slice(0, 300));
      }
      // The fid the signed message names; the names are the relay's, shown, never trusted for access.
      return { fid: verified.fid, username: typeof status.username === 'string' ? status.username : undefined, displayName: typeof status.displayName === 'string' ? status.displayName : undefined };
    },
  };
}
