import { createAuthService, HOST_ORIGIN_HEADER, openDatabase, PROJECT_HEADER } from '@portico/auth-service';
import { startMailCatcher, type MailCatcher } from '@portico/mail-catcher';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recoverMessageAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { combineShares, createSeed, deriveAccounts, openRecoveryShare, sealRecoveryShare, splitSeed } from './custody';

const ROUNDS = 1_000; // the tests' recovery-factor cost; the frame uses RECOVERY_ROUNDS

describe('key custody: a 2-of-3 split of a seed made here', () => {
  it('any two shares rebuild the seed; one alone does not; the accounts are stable', async () => {
    const { seed, shares } = await createSeed();
    for (const [a, b] of [[shares.device, shares.auth], [shares.auth, shares.recovery], [shares.recovery, shares.device]] as const) {
      expect(Buffer.from(await combineShares(a, b)).equals(Buffer.from(seed))).toBe(true);
    }
    await expect(combineShares(shares.auth, shares.auth)).rejects.toThrow('Two different shares are needed');
    await expect(combineShares(shares.auth, 'AAAA')).rejects.toThrow('A share is 33 bytes');
    const accounts = await deriveAccounts(seed);
    expect(accounts.evmAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(accounts.solanaAddress).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(await deriveAccounts(await combineShares(shares.recovery, shares.auth))).toEqual(accounts);
    // A fresh split of the same seed (a new device) gives new shares for the same accounts.
    const again = await splitSeed(seed);
    expect(again.device).not.toBe(shares.device);
    expect((await deriveAccounts(await combineShares(again.device, again.auth))).evmAddress).toBe(accounts.evmAddress);
    // The EVM key signs as its address.
    const signature = await privateKeyToAccount(accounts.evmPrivateKey).signMessage({ message: 'hi' });
    expect(await recoverMessageAddress({ message: 'hi', signature })).toBe(accounts.evmAddress);
  });

  it('the recovery share opens only with the recovery password', async () => {
    const { shares } = await createSeed();
    const sealed = await sealRecoveryShare(shares.recovery, 'correct horse battery', ROUNDS);
    expect(sealed).not.toContain(shares.recovery);
    expect(await openRecoveryShare(sealed, 'correct horse battery', ROUNDS)).toBe(shares.recovery);
    await expect(openRecoveryShare(sealed, 'wrong horse battery', ROUNDS)).rejects.toThrow('Wrong recovery password');
    const [salt, iv, data] = sealed.split('.');
    await expect(openRecoveryShare(`${salt}.${iv}.${data!.slice(0, -2)}AA`, 'correct horse battery', ROUNDS)).rejects.toThrow('Wrong recovery password');
    await expect(sealRecoveryShare(shares.recovery, 'short')).rejects.toThrow('at least 8 characters');
  });
});

describe('threat model: the auth service’s database and its secrets cannot rebuild a key', () => {
  let catcher: MailCatcher;
  let dataDir: string;
  beforeAll(async () => {
    catcher = await startMailCatcher();
    dataDir = mkdtempSync(join(tmpdir(), 'portico-custody-'));
  });
  afterAll(async () => {
    await catcher?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a dump of the data folder plus the JWT secret and the pepper hold one share and a sealed one: no pair of them makes the key', async () => {
    const jwtSecret = randomBytes(32);
    const pepper = randomBytes(32);
    const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
    const { createSmtpMailer } = await import('@portico/auth-service');
    const mailer = createSmtpMailer({ host: '127.0.0.1', port: catcher.smtpPort, from: 'x@portico.test' });
    const server = await createAuthService({ db: database.db, projects: [{ id: 'p', allowedOrigins: ['https://host.example'] }], frameOrigins: [], jwtSecret, pepper, mailer, publicUrl: 'http://auth.test' }).listen(0);
    const call = (method: string, path: string, body?: unknown, token?: string) =>
      fetch(`${server.url}${path}`, {
        method,
        headers: { [PROJECT_HEADER]: 'p', [HOST_ORIGIN_HEADER]: 'https://host.example', 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    // Log in as the frame does, then store the shares as the frame does.
    const email = 'custody@example.com';
    const { flowId } = (await (await call('POST', '/v1/email/login', { email, deviceId: 'device-0123456789abcdef' })).json()) as { flowId: string };
    // The device page's button (opening the link alone confirms nothing).
    const link = new URL(/(http:\/\/auth\.test\/device\/confirm\?token=\S+)/.exec(catcher.mails(email)[0]!.text)![1]!);
    await fetch(`${server.url}/device/confirm`, { method: 'POST', body: new URLSearchParams({ token: link.searchParams.get('token')! }) });
    const code = /\b(\d{6})\b/.exec(catcher.mails(email)[0]!.text)![1]!;
    const { token } = (await (await call('POST', '/v1/email/otp', { flowId, code })).json()) as { token: string };
    const { seed, shares } = await createSeed();
    const password = 'the user’s recovery password';
    const sealedRecovery = await sealRecoveryShare(shares.recovery, password, ROUNDS);
    expect((await call('PUT', '/v1/keys/auth-share', { share: shares.auth, sealedRecovery }, token)).status).toBe(204);
    const { evmAddress } = await deriveAccounts(seed);
    await server.close();
    mailer.close();
    await database.close();

    // The attacker's haul: every byte of the data folder, and the service's secrets.
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else files.push(readFileSync(path).toString('latin1'));
      }
    };
    walk(dataDir);
    const dump = files.join('\n');
    expect(dump).toContain(shares.auth); // the dump is real: it holds what the service keeps
    expect(dump).not.toContain(shares.device);
    expect(dump).not.toContain(shares.recovery);
    expect(dump).not.toContain(Buffer.from(seed).toString('latin1'));

    // Every share-sized token in the dump, paired with every other: none makes the key.
    const candidates = [...new Set(dump.match(/[A-Za-z0-9_-]{44}/g) ?? [])];
    expect(candidates).toContain(shares.auth);
    let tried = 0;
    for (const a of candidates) {
      for (const b of candidates) {
        if (a >= b) continue;
        tried += 1;
        const rebuilt = await combineShares(a, b).catch(() => undefined);
        if (rebuilt) expect((await deriveAccounts(rebuilt)).evmAddress).not.toBe(evmAddress);
      }
    }
    expect(tried).toBeGreaterThan(0);
    // The sealed recovery share does not open with the service's secrets as the password.
    for (const guess of [jwtSecret.toString('base64url'), pepper.toString('base64url'), jwtSecret.toString('hex'), pepper.toString('hex'), token]) {
      await expect(openRecoveryShare(sealedRecovery, guess, ROUNDS)).rejects.toThrow('Wrong recovery password');
    }
    // While the user, with the password, gets the key back on a new device.
    const recovered = await combineShares(shares.auth, await openRecoveryShare(sealedRecovery, password, ROUNDS));
    expect((await deriveAccounts(recovered)).evmAddress).toBe(evmAddress);
    // Every pair of share-sized tokens of a Postgres data folder is tried (seconds of work, more on a busy 2-core machine).
  }, 60_000);
});
