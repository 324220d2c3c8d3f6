import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readAuthServiceEnv } from './readAuthServiceEnv';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const cwd = () => {
  const dir = mkdtempSync(join(tmpdir(), 'portico-auth-env-'));
  dirs.push(dir);
  return dir;
};
const base = { AUTH_SMTP_PORT: '2525', AUTH_FRAME_ORIGINS: 'http://127.0.0.1:4500' };

describe('readAuthServiceEnv', () => {
  it('reads projects, origins and SMTP, and keeps made-up secrets in the data folder (owner-only) for the next start', () => {
    const dir = cwd();
    const env = readAuthServiceEnv({ ...base, AUTH_PROJECTS: 'playground=http://127.0.0.1:5173|http://localhost:5173,acme=https://app.acme.example' }, dir);
    expect(env.projects).toEqual([
      { id: 'playground', allowedOrigins: ['http://127.0.0.1:5173', 'http://localhost:5173'] },
      { id: 'acme', allowedOrigins: ['https://app.acme.example'] },
    ]);
    expect(env).toMatchObject({ port: 0, cooldownMs: 30_000, dataDir: join(dir, '.data'), frameOrigins: ['http://127.0.0.1:4500'], smtp: { host: '127.0.0.1', port: 2525 } });
    expect(env.databaseUrl).toBeUndefined();
    expect(env.jwtSecret).toHaveLength(32);
    const file = join(dir, '.data/secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = readAuthServiceEnv(base, dir);
    expect(Buffer.from(again.jwtSecret).equals(Buffer.from(env.jwtSecret))).toBe(true);
    expect(Buffer.from(again.pepper).equals(Buffer.from(env.jwtSecret))).toBe(false);
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object)).toEqual(['AUTH_JWT_SECRET', 'AUTH_PEPPER']);
  });

  it('takes secrets and PostgreSQL from the environment', () => {
    const secret = Buffer.alloc(32, 7).toString('base64url');
    const env = readAuthServiceEnv({ ...base, AUTH_JWT_SECRET: secret, AUTH_PEPPER: secret, DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/auth', AUTH_PORT: '4600' }, cwd());
    expect(env).toMatchObject({ port: 4600, databaseUrl: 'postgres://u:p@127.0.0.1:5432/auth' });
    expect(Buffer.from(env.jwtSecret).equals(Buffer.alloc(32, 7))).toBe(true);
    expect(env.previousJwtSecrets).toEqual([]);
    // A rotation: the old secrets, comma-separated, still verify their sessions.
    const old = [Buffer.alloc(32, 1), Buffer.alloc(40, 2)];
    const rotated = readAuthServiceEnv({ ...base, AUTH_JWT_SECRET: secret, AUTH_PEPPER: secret, AUTH_JWT_SECRET_PREVIOUS: old.map((b) => b.toString('base64url')).join(',') }, cwd());
    expect(rotated.previousJwtSecrets.map((b) => Buffer.from(b))).toEqual(old);
  });

  it('names each mistake', () => {
    const dir = cwd();
    expect(() => readAuthServiceEnv({ AUTH_FRAME_ORIGINS: base.AUTH_FRAME_ORIGINS }, dir)).toThrow('AUTH_SMTP_PORT must be a port number (0 to 65535), not undefined');
    expect(() => readAuthServiceEnv({ AUTH_SMTP_PORT: '2525' }, dir)).toThrow('AUTH_FRAME_ORIGINS must name the wallet frame’s origin(s)');
    expect(() => readAuthServiceEnv({ ...base, AUTH_FRAME_ORIGINS: 'http://127.0.0.1:4500/path' }, dir)).toThrow('is not an origin');
    expect(() => readAuthServiceEnv({ ...base, AUTH_PROJECTS: 'bad project=http://x' }, dir)).toThrow('AUTH_PROJECTS entries must be id=origin|origin');
    expect(() => readAuthServiceEnv({ ...base, AUTH_JWT_SECRET: 'short' }, dir)).toThrow('AUTH_JWT_SECRET must be at least 32 bytes of base64url');
    expect(() => readAuthServiceEnv({ ...base, AUTH_JWT_SECRET_PREVIOUS: 'short' }, dir)).toThrow('AUTH_JWT_SECRET_PREVIOUS must be base64url secrets of at least 32 bytes, comma-separated');
    expect(() => readAuthServiceEnv({ ...base, DATABASE_URL: 'mysql://x' }, dir)).toThrow('DATABASE_URL must be a postgres:// connection string');
    expect(() => readAuthServiceEnv({ ...base, AUTH_PORT: '70000' }, dir)).toThrow('AUTH_PORT must be a port number');
    expect(() => readAuthServiceEnv({ ...base, AUTH_MAIL_COOLDOWN_MS: '-1' }, dir)).toThrow('AUTH_MAIL_COOLDOWN_MS must be a whole number of milliseconds');
    expect(() => readAuthServiceEnv({ ...base, AUTH_CODE_TTL_MS: '500' }, dir)).toThrow('AUTH_CODE_TTL_MS must be a whole number of milliseconds from 1 000 to an hour, not "500"');
    expect(readAuthServiceEnv({ ...base, AUTH_CODE_TTL_MS: '6000' }, dir).codeTtlMs).toBe(6000);
    expect(readAuthServiceEnv(base, dir).codeTtlMs).toBe(600_000);
    expect(() => readAuthServiceEnv({ ...base, AUTH_SOCIAL: '{oops' }, dir)).toThrow('AUTH_SOCIAL must be JSON');
    expect(() => readAuthServiceEnv({ ...base, AUTH_SOCIAL: '{"acme":{"google":{"issuer":"not a url","clientId":"c","clientSecret":"s"}}}' }, dir)).toThrow('AUTH_SOCIAL: acme.google.issuer');
    expect(() => readAuthServiceEnv({ ...base, AUTH_SOCIAL: '{"acme":{"myspace":{"issuer":"https://x.example","clientId":"c","clientSecret":"s"}}}' }, dir)).toThrow('AUTH_SOCIAL: acme: Unrecognized key: "myspace"');
    const social = readAuthServiceEnv({ ...base, AUTH_SOCIAL: '{"acme":{"google":{"issuer":"https://accounts.google.com","clientId":"c","clientSecret":"s"}}}', AUTH_ALLOW_HTTP_ISSUERS: '1' }, dir);
    expect(social.social).toEqual({ acme: { google: { issuer: 'https://accounts.google.com', clientId: 'c', clientSecret: 's' } } });
    expect(social.allowHttpIssuers).toBe(true);
    // At their real addresses the providers need no issuer: just the client the project registered.
    expect(readAuthServiceEnv({ ...base, AUTH_SOCIAL: '{"acme":{"github":{"clientId":"c","clientSecret":"s"},"x":{"clientId":"c2","clientSecret":"s2"}}}' }, dir).social).toEqual({ acme: { github: { clientId: 'c', clientSecret: 's' }, x: { clientId: 'c2', clientSecret: 's2' } } });
    // Apple: a key, not a secret (the service signs the secret); a static one is refused with the reason.
    expect(() => readAuthServiceEnv({ ...base, AUTH_SOCIAL: '{"acme":{"apple":{"clientId":"com.acme","clientSecret":"s"}}}' }, dir)).toThrow(/AUTH_SOCIAL: acme\.apple\.teamId: .*acme\.apple\.clientSecret: Apple takes no static client secret/);
    const p8 = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const apple = { clientId: 'com.acme', teamId: 'ACMETEAM01', keyId: 'ACMEKEY001', privateKey: p8 };
    expect(readAuthServiceEnv({ ...base, AUTH_SOCIAL: JSON.stringify({ acme: { apple } }) }, dir).social).toEqual({ acme: { apple } });
    expect(() => readAuthServiceEnv({ ...base, AUTH_SOCIAL: '{"acme":{"discord":{"clientId":""}}}' }, dir)).toThrow('AUTH_SOCIAL: acme.discord.clientId');
    // Farcaster: no client, only where the relay and the ID registry's chain are.
    expect(readAuthServiceEnv({ ...base, AUTH_SOCIAL: '{"acme":{"farcaster":{"relay":"http://127.0.0.1:9","rpcUrl":"http://127.0.0.1:8545"}}}' }, dir).social).toEqual({ acme: { farcaster: { relay: 'http://127.0.0.1:9', rpcUrl: 'http://127.0.0.1:8545' } } });
    expect(readAuthServiceEnv({ ...base, AUTH_SOCIAL: '{"acme":{"farcaster":{}}}' }, dir).social).toEqual({ acme: { farcaster: {} } });
    expect(() => readAuthServiceEnv({ ...base, AUTH_SOCIAL: '{"acme":{"farcaster":{"relay":"nope"}}}' }, dir)).toThrow('AUTH_SOCIAL: acme.farcaster.relay');
    expect(() => readAuthServiceEnv({ ...base, AUTH_SOCIAL: '{"acme":{"farcaster":{"clientId":"c"}}}' }, dir)).toThrow('AUTH_SOCIAL: acme.farcaster: Unrecognized key: "clientId"');
    expect(readAuthServiceEnv(base, dir)).toMatchObject({ mailPerClientPerMinute: 10, mailPerProjectPerMinute: 300, wrongCodesPerHour: 20, trustedProxies: [] });
    expect(readAuthServiceEnv({ ...base, AUTH_MAIL_PER_CLIENT_PER_MINUTE: '60', AUTH_TRUSTED_PROXIES: '10.0.0.1, ::1' }, dir)).toMatchObject({ mailPerClientPerMinute: 60, trustedProxies: ['10.0.0.1', '::1'] });
    expect(() => readAuthServiceEnv({ ...base, AUTH_MAIL_PER_PROJECT_PER_MINUTE: '0' }, dir)).toThrow('AUTH_MAIL_PER_PROJECT_PER_MINUTE must be a whole number from 1 to 1000000, not "0"');
    expect(() => readAuthServiceEnv({ ...base, AUTH_WRONG_CODES_PER_HOUR: 'many' }, dir)).toThrow('AUTH_WRONG_CODES_PER_HOUR must be a whole number from 1 to 1000');
    expect(() => readAuthServiceEnv({ ...base, AUTH_TRUSTED_PROXIES: 'proxy.internal' }, dir)).toThrow('AUTH_TRUSTED_PROXIES: "proxy.internal" is not an IP address');
    writeFileSync(join(dir, '.data/secrets.json'), '{oops');
    expect(() => readAuthServiceEnv(base, dir)).toThrow('secrets.json is not readable JSON');
  });
});
