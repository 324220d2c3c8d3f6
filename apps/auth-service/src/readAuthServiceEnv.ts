import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import type { ProjectConfig } from './createAuthService';
import { socialConfigSchema, type SocialConfig } from './social';

/** A configuration mistake, named so the operator can fix it. */
export class AuthServiceConfigError extends Error {
  override name = 'AuthServiceConfigError';
}

/** What `main.ts` starts the service with. */
export interface AuthServiceEnv {
  readonly port: number;
  /** Where `GET /metrics` listens (`AUTH_METRICS_PORT`, on 127.0.0.1); none without it. */
  readonly metricsPort?: number;
  /** PostgreSQL (`DATABASE_URL`), else PGlite in `dataDir`. */
  readonly databaseUrl?: string;
  readonly dataDir: string;
  readonly projects: readonly ProjectConfig[];
  readonly frameOrigins: readonly string[];
  readonly jwtSecret: Uint8Array;
  /** Secrets sessions were signed with before a rotation (`AUTH_JWT_SECRET_PREVIOUS`): still accepted, never used to sign. */
  readonly previousJwtSecrets: readonly Uint8Array[];
  readonly pepper: Uint8Array;
  readonly smtp: { readonly host: string; readonly port: number; readonly from: string };
  readonly publicUrl?: string;
  /** Mail to one address at most this often (spec: 30 s). */
  readonly cooldownMs: number;
  /** How long a mailed passcode can be used (default 10 minutes). */
  readonly codeTtlMs: number;
  /** Social login: per project, the providers' issuers and clients (`AUTH_SOCIAL`, JSON). */
  readonly social: SocialConfig;
  /** `AUTH_ALLOW_HTTP_ISSUERS=1`: http: issuers allowed (the local OpenID stand-in only). */
  readonly allowHttpIssuers: boolean;
  /** Passcode and link mails per client a minute (`AUTH_MAIL_PER_CLIENT_PER_MINUTE`, default 10). */
  readonly mailPerClientPerMinute: number;
  /** Passcode and link mails per project a minute (`AUTH_MAIL_PER_PROJECT_PER_MINUTE`, default 300). */
  readonly mailPerProjectPerMinute: number;
  /** Wrong passcodes per address an hour, over all its flows (`AUTH_WRONG_CODES_PER_HOUR`, default 20). */
  readonly wrongCodesPerHour: number;
  /** Proxies whose `X-Forwarded-For` names the client (`AUTH_TRUSTED_PROXIES`, IP addresses). */
  readonly trustedProxies: readonly string[];
}

const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?$|^https?:\/\/\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;

const port = (value: string | undefined, name: string, fallback?: number) => {
  if ((value === undefined || value === '') && fallback !== undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535 || value === undefined || value === '') throw new AuthServiceConfigError(`${name} must be a port number (0 to 65535), not ${JSON.stringify(value)}`);
  return n;
};

const cooldown = (value: string | undefined) => {
  if (value === undefined || value === '') return 30_000;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 3_600_000) throw new AuthServiceConfigError(`AUTH_MAIL_COOLDOWN_MS must be a whole number of milliseconds up to an hour, not ${JSON.stringify(value)}`);
  return n;
};

const codeTtl = (value: string | undefined) => {
  if (value === undefined || value === '') return 10 * 60_000;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1_000 || n > 3_600_000) throw new AuthServiceConfigError(`AUTH_CODE_TTL_MS must be a whole number of milliseconds from 1 000 to an hour, not ${JSON.stringify(value)}`);
  return n;
};

/** A positive whole number of at most `max`, or `fallback` when unset. */
const count = (value: string | undefined, name: string, fallback: number, max = 1_000_000) => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new AuthServiceConfigError(`${name} must be a whole number from 1 to ${max}, not ${JSON.stringify(value)}`);
  return n;
};

const proxies = (value: string | undefined) => {
  const list = (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const bad = list.find((address) => !isIP(address));
  if (bad) throw new AuthServiceConfigError(`AUTH_TRUSTED_PROXIES: ${JSON.stringify(bad)} is not an IP address`);
  return list;
};

const socialConfig = (value: string | undefined): SocialConfig => {
  if (value === undefined || value.trim() === '') return {};
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new AuthServiceConfigError('AUTH_SOCIAL must be JSON: {"project":{"google":{"clientId":"…","clientSecret":"…"},"apple":{"clientId":"…","teamId":"…","keyId":"…","privateKey":"-----BEGIN PRIVATE KEY-----…"}}}');
  }
  const parsed = socialConfigSchema.safeParse(json);
  if (!parsed.success) throw new AuthServiceConfigError(`AUTH_SOCIAL: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
};

const origins = (value: string, name: string) => {
  const list = value.split(/[|,]/).map((s) => s.trim()).filter(Boolean);
  const bad = list.find((origin) => !ORIGIN.test(origin));
  if (bad) throw new AuthServiceConfigError(`${name}: ${JSON.stringify(bad)} is not an origin (scheme://host[:port], no path)`);
  return list;
};

/** A secret from the environment (base64url, ≥ 32 bytes), else the one kept in the data folder (made once). */
const secret = (env: NodeJS.ProcessEnv, name: string, stored: Record<string, string>) => {
  const given = env[name];
  const value = given ?? stored[name];
  const bytes = value && /^[A-Za-z0-9_-]+$/.test(value) ? Buffer.from(value, 'base64url') : undefined;
  if (given !== undefined && (!bytes || bytes.length < 32)) throw new AuthServiceConfigError(`${name} must be at least 32 bytes of base64url`);
  if (bytes && bytes.length >= 32) return new Uint8Array(bytes);
  const made = randomBytes(32);
  stored[name] = made.toString('base64url');
  return new Uint8Array(made);
};

/**
 * Reads the service's settings: `AUTH_PORT` (default 0), `AUTH_MAIL_COOLDOWN_MS` (default the spec's 30 000),
 * `AUTH_CODE_TTL_MS` (how long a passcode lives, default 10 minutes), `AUTH_SOCIAL` (social login:
 * JSON, per project the providers' issuer, client id and secret), `AUTH_ALLOW_HTTP_ISSUERS=1` (the
 * local OpenID stand-in), `DATABASE_URL` (PostgreSQL) or
 * `AUTH_DATA_DIR` (PGlite's folder, default `.data` here), `AUTH_PROJECTS`
 * (`id=origin|origin,id2=origin`: the host origins each project allows), `AUTH_FRAME_ORIGINS`
 * (the wallet frame's origins, for CORS), `AUTH_SMTP_HOST` (default 127.0.0.1),
 * `AUTH_SMTP_PORT`, `AUTH_MAIL_FROM`, `AUTH_PUBLIC_URL`, `AUTH_JWT_SECRET_PREVIOUS` (a rotation's old
 * secrets, comma-separated: their sessions stay valid), and the secrets `AUTH_JWT_SECRET` and
 * `AUTH_PEPPER` (base64url; when absent, made once and kept in `<data dir>/secrets.json`,
 * readable by the owner only), the limits `AUTH_MAIL_PER_CLIENT_PER_MINUTE` (10),
 * `AUTH_MAIL_PER_PROJECT_PER_MINUTE` (300), `AUTH_WRONG_CODES_PER_HOUR` (20) and the proxies
 * trusted to name the client, `AUTH_TRUSTED_PROXIES`, and `AUTH_METRICS_PORT` (Prometheus `GET /metrics` on
 * 127.0.0.1; none without it). Throws `AuthServiceConfigError` saying what to fix.
 */
export function readAuthServiceEnv(env: NodeJS.ProcessEnv, cwd = process.cwd()): AuthServiceEnv {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new AuthServiceConfigError('DATABASE_URL must be a postgres:// connection string');
  const projects = (env.AUTH_PROJECTS ?? '')
    .split(',')
    .filter((entry) => entry.trim())
    .map((entry) => {
      const match = /^\s*([A-Za-z0-9_-]{1,64})=(.+)$/.exec(entry);
      if (!match) throw new AuthServiceConfigError(`AUTH_PROJECTS entries must be id=origin|origin, not ${JSON.stringify(entry)}`);
      return { id: match[1]!, allowedOrigins: origins(match[2]!, `AUTH_PROJECTS (${match[1]})`) };
    });
  const frameOrigins = origins(env.AUTH_FRAME_ORIGINS ?? '', 'AUTH_FRAME_ORIGINS');
  if (frameOrigins.length === 0) throw new AuthServiceConfigError('AUTH_FRAME_ORIGINS must name the wallet frame’s origin(s), e.g. http://127.0.0.1:4500');
  const from = env.AUTH_MAIL_FROM?.trim() || 'Portico <no-reply@portico.localhost>';
  const publicUrl = env.AUTH_PUBLIC_URL?.trim() || undefined;
  if (publicUrl && !URL.canParse(publicUrl)) throw new AuthServiceConfigError(`AUTH_PUBLIC_URL must be a URL, not ${JSON.stringify(publicUrl)}`);

  const dataDir = resolve(cwd, env.AUTH_DATA_DIR?.trim() || '.data');
  mkdirSync(dataDir, { recursive: true });
  const secretsFile = join(dataDir, 'secrets.json');
  let stored: Record<string, string> = {};
  if (existsSync(secretsFile)) {
    try {
      stored = JSON.parse(readFileSync(secretsFile, 'utf8')) as Record<string, string>;
    } catch {
      throw new AuthServiceConfigError(`${secretsFile} is not readable JSON: fix or delete it (sessions signed with the old secrets end)`);
    }
  }
  const before = JSON.stringify(stored);
  const jwtSecret = secret(env, 'AUTH_JWT_SECRET', stored);
  const pepper = secret(env, 'AUTH_PEPPER', stored);
  // A rotation: the old secret(s), comma-separated, still verify the sessions they signed until those end.
  const previousJwtSecrets = (env.AUTH_JWT_SECRET_PREVIOUS ?? '').split(',').filter(Boolean).map((value) => {
    const bytes = /^[A-Za-z0-9_-]+$/.test(value) ? Buffer.from(value, 'base64url') : undefined;
    if (!bytes || bytes.length < 32) throw new AuthServiceConfigError('AUTH_JWT_SECRET_PREVIOUS must be base64url secrets of at least 32 bytes, comma-separated');
    return new Uint8Array(bytes);
  });
  if (JSON.stringify(stored) !== before) {
    writeFileSync(secretsFile, JSON.stringify(stored, null, 2), { mode: 0o600 });
    chmodSync(secretsFile, 0o600);
  }
  return {
    port: port(env.AUTH_PORT, 'AUTH_PORT', 0),
    ...(env.AUTH_METRICS_PORT?.trim() ? { metricsPort: port(env.AUTH_METRICS_PORT.trim(), 'AUTH_METRICS_PORT') } : {}),
    ...(databaseUrl ? { databaseUrl } : {}),
    dataDir,
    projects,
    frameOrigins,
    jwtSecret,
    previousJwtSecrets,
    pepper,
    smtp: { host: env.AUTH_SMTP_HOST?.trim() || '127.0.0.1', port: port(env.AUTH_SMTP_PORT, 'AUTH_SMTP_PORT'), from },
    ...(publicUrl ? { publicUrl: publicUrl.replace(/\/$/, '') } : {}),
    cooldownMs: cooldown(env.AUTH_MAIL_COOLDOWN_MS),
    codeTtlMs: codeTtl(env.AUTH_CODE_TTL_MS),
    social: socialConfig(env.AUTH_SOCIAL),
    allowHttpIssuers: env.AUTH_ALLOW_HTTP_ISSUERS === '1',
    mailPerClientPerMinute: count(env.AUTH_MAIL_PER_CLIENT_PER_MINUTE, 'AUTH_MAIL_PER_CLIENT_PER_MINUTE', 10),
    mailPerProjectPerMinute: count(env.AUTH_MAIL_PER_PROJECT_PER_MINUTE, 'AUTH_MAIL_PER_PROJECT_PER_MINUTE', 300),
    wrongCodesPerHour: count(env.AUTH_WRONG_CODES_PER_HOUR, 'AUTH_WRONG_CODES_PER_HOUR', 20, 1000),
    trustedProxies: proxies(env.AUTH_TRUSTED_PROXIES),
  };
}
