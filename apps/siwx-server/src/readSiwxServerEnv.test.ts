import { describe, expect, it } from 'vitest';
import { readSiwxServerEnv } from './readSiwxServerEnv';
import { SiwxServerConfigError } from './SiwxServerConfigError';

describe('readSiwxServerEnv', () => {
  it('reads a complete environment', () => {
    const config = readSiwxServerEnv({
      SIWX_DOMAIN: '127.0.0.1:5173',
      SIWX_PORT: '8080',
      SIWX_ALLOWED_ORIGINS: 'http://127.0.0.1:5173,https://app.example.com',
      EIP155_RPC_URLS: '1=http://127.0.0.1:8545,31337=http://127.0.0.1:8546',
      SIWX_MAX_NONCES_PER_CLIENT: '20',
      SIWX_MAX_NONCES_PER_CLIENT_ACCOUNT: '3',
      DATABASE_URL: 'postgres://siwx:secret@127.0.0.1:5432/siwx',
      SIWX_TRUSTED_PROXIES: '10.0.0.5, 2001:db8::5',
    });
    expect(config).toEqual({
      database: { url: 'postgres://siwx:secret@127.0.0.1:5432/siwx' },
      trustedProxies: ['10.0.0.5', '2001:db8::5'],
      domain: '127.0.0.1:5173',
      port: 8080,
      allowedOrigins: ['http://127.0.0.1:5173', 'https://app.example.com'],
      rpcUrls: new Map([['1', 'http://127.0.0.1:8545'], ['31337', 'http://127.0.0.1:8546']]),
      maxNoncesPerClient: 20,
      maxNoncesPerClientAccount: 3,
    });
  });

  it('defaults to any free port, no origins and the server’s own nonce limits', () => {
    expect(readSiwxServerEnv({ SIWX_DOMAIN: 'app.example.com' })).toEqual({ domain: 'app.example.com', port: 0, allowedOrigins: [], rpcUrls: new Map(), database: {}, trustedProxies: [] });
    expect(readSiwxServerEnv({ SIWX_DOMAIN: 'app.example.com', SIWX_DATA_DIR: '/var/lib/siwx' }).database).toEqual({ dataDir: '/var/lib/siwx' });
    expect(readSiwxServerEnv({ SIWX_DOMAIN: 'app.example.com', SIWX_METRICS_PORT: '9464' }).metricsPort).toBe(9464);
  });

  it.each([{}, { SIWX_DOMAIN: '' }, { SIWX_DOMAIN: '   ' }])('requires SIWX_DOMAIN (%j), naming it with an example', (env) => {
    expect(() => readSiwxServerEnv(env)).toThrow(SiwxServerConfigError);
    expect(() => readSiwxServerEnv(env)).toThrow(/^SIWX_DOMAIN is not set\..*e\.g\. SIWX_DOMAIN=127\.0\.0\.1:5173/);
  });

  it.each([
    [{ SIWX_DOMAIN: 'http://127.0.0.1:5173' }, /^SIWX_DOMAIN="http:\/\/127\.0\.0\.1:5173" is not a host.*e\.g\. SIWX_DOMAIN=127\.0\.0\.1:5173/],
    [{ SIWX_DOMAIN: 'a.example,b.example' }, /SIWX_DOMAIN="a\.example,b\.example" is not a host/],
    [{ SIWX_DOMAIN: 'a.example', SIWX_PORT: 'http' }, /^SIWX_PORT must be a port number/],
    [{ SIWX_DOMAIN: 'a.example', SIWX_PORT: '70000' }, /^SIWX_PORT must be a port number/],
    [{ SIWX_DOMAIN: 'a.example', EIP155_RPC_URLS: 'mainnet=http://x' }, /^EIP155_RPC_URLS entries must be chainId=url/],
    [{ SIWX_DOMAIN: 'a.example', SIWX_TRUSTED_PROXIES: 'proxy.internal' }, /^SIWX_TRUSTED_PROXIES must be IP addresses/],
    [{ SIWX_DOMAIN: 'a.example', SIWX_METRICS_PORT: 'http' }, /^SIWX_METRICS_PORT must be a port number/],
    [{ SIWX_DOMAIN: 'a.example', DATABASE_URL: 'mysql://x' }, /^DATABASE_URL must be a PostgreSQL connection string/],
    [{ SIWX_DOMAIN: 'a.example', DATABASE_URL: 'postgres://x/y', SIWX_DATA_DIR: '/d' }, /^Set DATABASE_URL or SIWX_DATA_DIR, not both/],
    [{ SIWX_DOMAIN: 'a.example', SIWX_MAX_NONCES_PER_CLIENT: '0' }, /^SIWX_MAX_NONCES_PER_CLIENT must be a positive integer/],
    [{ SIWX_DOMAIN: 'a.example', SIWX_MAX_NONCES_PER_CLIENT_ACCOUNT: '2.5' }, /^SIWX_MAX_NONCES_PER_CLIENT_ACCOUNT must be a positive integer/],
  ])('refuses %j', (env, message) => {
    expect(() => readSiwxServerEnv(env)).toThrow(message);
  });
});
