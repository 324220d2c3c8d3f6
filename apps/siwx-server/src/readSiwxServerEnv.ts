import { isIP } from 'node:net';
import { SiwxServerConfigError } from './SiwxServerConfigError';
import { siwxDomainSchema } from './siwxServerSchemas';

/** The sign-in server's settings, read from its environment by `readSiwxServerEnv`. */
export interface SiwxServerEnv {
  port: number;
  domain: string;
  allowedOrigins: string[];
  /** RPC URLs by decimal eip155 chain id (a string, so ids above 2^53 stay exact). */
  rpcUrls: Map<string, string>;
  maxNoncesPerClient?: number;
  maxNoncesPerClientAccount?: number;
  /** PostgreSQL (`DATABASE_URL`) or a PGlite data folder (`SIWX_DATA_DIR`); neither: PGlite in memory. */
  database: { url?: string; dataDir?: string };
  /** Where `GET /metrics` listens (`SIWX_METRICS_PORT`, on 127.0.0.1); none without it. */
  metricsPort?: number;
  /** Proxies whose `X-Forwarded-For` names the client (`SIWX_TRUSTED_PROXIES`, IP addresses, comma-separated). */
  trustedProxies: string[];
}

const EXAMPLE = 'e.g. SIWX_DOMAIN=127.0.0.1:5173 (the playground under npm start) or SIWX_DOMAIN=app.example.com';

function positiveInteger(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  if (!/^[1-9][0-9]{0,8}$/.test(value)) throw new SiwxServerConfigError(`${name} must be a positive integer, not ${JSON.stringify(value)}`);
  return Number(value);
}

/**
 * The server's settings from its environment: `SIWX_DOMAIN` (required: the site's host, as its
 * pages' `location.host`), `SIWX_PORT` (default 0 = any free port), `SIWX_ALLOWED_ORIGINS`
 * (comma-separated browser origins allowed by CORS), `EIP155_RPC_URLS` (`chainId=url,…`, for
 * ERC-1271/6492 accounts), `SIWX_MAX_NONCES_PER_CLIENT` and
 * `SIWX_MAX_NONCES_PER_CLIENT_ACCOUNT`, `DATABASE_URL` (PostgreSQL, shared by every instance) or
 * `SIWX_DATA_DIR` (a PGlite folder; neither: in memory), `SIWX_TRUSTED_PROXIES` (the proxies whose
 * `X-Forwarded-For` names the client), `SIWX_METRICS_PORT` (Prometheus `GET /metrics` on
 * 127.0.0.1; none without it). Throws `SiwxServerConfigError` saying what to fix.
 */
export function readSiwxServerEnv(env: NodeJS.ProcessEnv): SiwxServerEnv {
  const domain = env.SIWX_DOMAIN?.trim();
  if (!domain) {
    throw new SiwxServerConfigError(`SIWX_DOMAIN is not set. Set it to the host of the site users sign in to, as its pages' location.host, ${EXAMPLE}. Without it a sign-in signed for any site would be accepted.`);
  }
  if (!siwxDomainSchema.safeParse(domain).success) {
    throw new SiwxServerConfigError(`SIWX_DOMAIN=${JSON.stringify(domain)} is not a host: give the site's host and port only, no scheme or path, ${EXAMPLE}.`);
  }
  const portText = env.SIWX_PORT ?? env.PORT ?? '0';
  const port = Number(portText);
  if (!/^[0-9]{1,5}$/.test(portText) || port > 65_535) throw new SiwxServerConfigError(`SIWX_PORT must be a port number (0 = any free port), not ${JSON.stringify(portText)}`);
  const rpcUrls = new Map<string, string>();
  for (const entry of (env.EIP155_RPC_URLS ?? '').split(',').filter(Boolean)) {
    const match = /^([1-9][0-9]*)=(\S+)$/.exec(entry);
    if (!match) throw new SiwxServerConfigError(`EIP155_RPC_URLS entries must be chainId=url, not ${JSON.stringify(entry)}`);
    rpcUrls.set(match[1]!, match[2]!);
  }
  const url = env.DATABASE_URL?.trim();
  if (url && !/^postgres(ql)?:\/\//.test(url)) throw new SiwxServerConfigError('DATABASE_URL must be a PostgreSQL connection string (postgres://user:password@host:5432/db)');
  const dataDir = env.SIWX_DATA_DIR?.trim();
  if (url && dataDir) throw new SiwxServerConfigError('Set DATABASE_URL or SIWX_DATA_DIR, not both: every instance must use the one database');
  const metricsText = env.SIWX_METRICS_PORT?.trim();
  if (metricsText && (!/^[0-9]{1,5}$/.test(metricsText) || Number(metricsText) > 65_535)) throw new SiwxServerConfigError(`SIWX_METRICS_PORT must be a port number (0 = any free port), not ${JSON.stringify(metricsText)}`);
  const trustedProxies = (env.SIWX_TRUSTED_PROXIES ?? '').split(',').map((p) => p.trim()).filter(Boolean);
  const notAnAddress = trustedProxies.find((p) => isIP(p) === 0);
  if (notAnAddress) throw new SiwxServerConfigError(`SIWX_TRUSTED_PROXIES must be IP addresses, comma-separated, not ${JSON.stringify(notAnAddress)}`);
  const maxNoncesPerClient = positiveInteger(env, 'SIWX_MAX_NONCES_PER_CLIENT');
  const maxNoncesPerClientAccount = positiveInteger(env, 'SIWX_MAX_NONCES_PER_CLIENT_ACCOUNT');
  return {
    port,
    domain,
    allowedOrigins: (env.SIWX_ALLOWED_ORIGINS ?? '').split(',').filter(Boolean),
    rpcUrls,
    database: url ? { url } : dataDir ? { dataDir } : {},
    trustedProxies,
    ...(metricsText ? { metricsPort: Number(metricsText) } : {}),
    ...(maxNoncesPerClient === undefined ? {} : { maxNoncesPerClient }),
    ...(maxNoncesPerClientAccount === undefined ? {} : { maxNoncesPerClientAccount }),
  };
}
