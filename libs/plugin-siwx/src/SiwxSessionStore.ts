import type { StoragePort } from '@portico/kernel';
import type { SiwxMessageFields, SiwxSession } from './api';

const KEY = 'sessions';
const REQUIRED_FIELDS = ['nonce', 'domain', 'uri', 'issuedAt', 'version', 'chainId', 'accountAddress'] as const;

/** Whether a value (from storage or a server) has the shape of a session. */
export function isSession(value: unknown): value is SiwxSession {
  if (typeof value !== 'object' || value === null) return false;
  const { data, message, signature } = value as Partial<Record<keyof SiwxSession, unknown>>;
  if (typeof message !== 'string' || typeof signature !== 'string') return false;
  if (typeof data !== 'object' || data === null) return false;
  return REQUIRED_FIELDS.every((field) => typeof (data as Record<string, unknown>)[field] === 'string');
}

/** True when the session's expiration time is past (or unreadable) at `now`. */
export function isSessionExpired(session: SiwxSession, now: number = Date.now()): boolean {
  const { expirationTime } = session.data;
  if (expirationTime === undefined) return false;
  const expires = Date.parse(expirationTime);
  return Number.isNaN(expires) || expires <= now;
}

/** True when the session was signed by `caipAddress` (CAIP-10: its chain id and address). */
export function sessionMatches(session: SiwxSession, caipAddress: string): boolean {
  const fields: SiwxMessageFields = session.data;
  return `${fields.chainId}:${fields.accountAddress}`.toLowerCase() === caipAddress.toLowerCase();
}

/**
 * Sign-in sessions keyed by CAIP-10 address, persisted as one JSON record through a
 * storage port. Corrupt or foreign entries are discarded when read, never thrown.
 */
export class SiwxSessionStore {
  constructor(private readonly storage: StoragePort) {}

  /** Every stored session, by CAIP-10 address. */
  all(): Record<string, SiwxSession> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(this.storage.get(KEY) ?? '{}');
    } catch {
      parsed = {};
    }
    const sessions: Record<string, SiwxSession> = {};
    if (typeof parsed !== 'object' || parsed === null) return sessions;
    for (const [address, session] of Object.entries(parsed)) {
      if (isSession(session) && sessionMatches(session, address)) sessions[address] = session;
    }
    return sessions;
  }

  get(caipAddress: string): SiwxSession | undefined {
    return this.all()[caipAddress];
  }

  set(caipAddress: string, session: SiwxSession): void {
    this.write({ ...this.all(), [caipAddress]: session });
  }

  /** Removes one address's session; returns whether there was one. */
  remove(caipAddress: string): boolean {
    const sessions = this.all();
    if (!(caipAddress in sessions)) return false;
    delete sessions[caipAddress];
    this.write(sessions);
    return true;
  }

  private write(sessions: Record<string, SiwxSession>): void {
    if (Object.keys(sessions).length === 0) this.storage.remove(KEY);
    else this.storage.set(KEY, JSON.stringify(sessions));
  }
}
