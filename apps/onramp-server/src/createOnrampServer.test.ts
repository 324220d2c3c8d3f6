import { startAnvil, type AnvilNode } from '@portico/chain-eip155/testing/node';
import { startOnrampService, type OnrampService } from '@portico/onramp-service';
import { loadContract } from '@portico/tools/contracts';
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromCoinbaseQuote, fromMeldQuotes, providerErrorMessage } from './adapters';
import { startOnrampServer, type OnrampServer } from './createOnrampServer';

// The host's onramp server against the providers' stand-ins (apps/onramp-service), every request it
// sends them held to their contracts (tools/contracts/coinbase-onramp, tools/contracts/meld).
const SITE = 'https://shop.example';
const cdp = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const KEY_NAME = 'organizations/shop/apiKeys/onramp';
const MELD = { apiKey: 'meld-key:secret', publicKey: 'pk_shop_12345678' };
const buyer = '0x000000000000000000000000000000000000bEEF';
const contracts = { coinbase: loadContract('coinbase-onramp'), meld: loadContract('meld') };

let anvil: AnvilNode;
let providers: OnrampService;
/** Between the server and the stand-in: each request checked against its provider's contract, then passed on. */
let recorder: { url: string; problems: string[]; seen: string[]; close(): void };
let server: OnrampServer;

function startRecorder(upstream: string) {
  const problems: string[] = [];
  const seen: string[] = [];
  const http = createServer((req: IncomingMessage, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      const url = `${upstream}${req.url}`;
      const contract = req.url!.startsWith('/onramp/') ? contracts.coinbase : contracts.meld;
      const body = text ? (JSON.parse(text) as unknown) : undefined;
      seen.push(`${req.method} ${req.url}`);
      problems.push(...contract.checkRequest({ method: req.method!, url, contentType: req.headers['content-type'], body }));
      if (req.url!.startsWith('/onramp/') && !/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/.test(req.headers.authorization ?? '')) problems.push(`${req.url}: no CDP bearer JWT`);
      if (req.url!.startsWith('/payments/') && (req.headers.authorization !== `BASIC ${MELD.apiKey}` || !req.headers['meld-version'])) problems.push(`${req.url}: not Meld's BASIC key and version headers`);
      // The stand-in checks the JWT's `uris` against its own host: pass the request on as sent to it.
      void fetch(`${upstream}${req.url}`, { method: req.method, headers: { ...(req.headers as Record<string, string>), host: new URL(upstream).host }, ...(text ? { body: text } : {}) }).then(async (answer) => {
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
        res.end(await answer.text());
      });
    });
  });
  return new Promise<typeof recorder>((resolve) => http.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, problems, seen, close: () => http.close() })));
}

beforeAll(async () => {
  anvil = await startAnvil();
  providers = await startOnrampService({ rpcUrl: anvil.url, coinbase: { keyName: KEY_NAME, publicKey: cdp.publicKey.export({ type: 'spki', format: 'pem' }).toString() }, meld: MELD });
  recorder = await startRecorder(providers.url);
  server = await startOnrampServer({
    allowedOrigins: [SITE],
    coinbase: { apiUrl: providers.url, keyName: KEY_NAME, privateKey: cdp.privateKey.export({ type: 'sec1', format: 'pem' }).toString() },
    meld: { apiUrl: recorder.url, apiKey: MELD.apiKey },
  });
});
afterAll(async () => {
  await server?.stop();
  recorder?.close();
  await providers?.stop();
  await anvil?.stop();
});

const quoteQuery = (extra: Record<string, string> = {}) => new URLSearchParams({ amount: '100', currency: 'USD', asset: 'ETH', network: 'eip155:1', address: buyer, coinbaseAsset: 'ETH', coinbaseNetwork: 'ethereum', meldCode: 'ETH', ...extra });
const get = async (path: string, origin = SITE) => {
  const response = await fetch(`${server.url}${path}`, { headers: { origin } });
  return { status: response.status, cors: response.headers.get('access-control-allow-origin'), body: (await response.json()) as Record<string, unknown> };
};

describe('the onramp server (the host’s, in front of Coinbase and Meld)', () => {
  it('quotes from both providers’ real APIs in Portico’s shape, for the site’s origin only', async () => {
    const answer = await get(`/quotes?${quoteQuery()}`);
    expect(answer).toEqual({ status: 200, cors: SITE, body: { quotes: [{ provider: 'coinbase', cryptoAmount: '0.032833', fee: '1.50' }, { provider: 'meld', cryptoAmount: '0.033', fee: '1.00' }] } });
    expect((await get(`/quotes?${quoteQuery()}`, 'https://evil.example')).status).toBe(403);
    expect((await get(`/quotes?${quoteQuery({ amount: '-1' })}`)).status).toBe(400);
  });

  it('a provider that refuses is left out and named; none answering is a 502 with both reasons', async () => {
    const partial = await get(`/quotes?${quoteQuery({ meldCode: 'ETH_ETHEREUM' })}`);
    expect(partial.body).toEqual({ quotes: [expect.objectContaining({ provider: 'coinbase' })], errors: [{ provider: 'meld', message: 'Meld answered 400 (NO_VALID_QUOTES: No valid quotes for USD to ETH_ETHEREUM: [destinationCurrencyCode] ETH_ETHEREUM has no quote)' }] });
    const none = await get(`/quotes?${quoteQuery({ meldCode: 'ETH_ETHEREUM', coinbaseAsset: 'DOGE' })}`);
    expect(none.status).toBe(502);
    expect(none.body.error).toMatch(/^Coinbase answered 400 \(Unsupported purchase_currency or payment_currency: DOGE, USD\); Meld answered 400 \(NO_VALID_QUOTES/);
  });

  it('a Coinbase session token for the visitor’s IP: it opens the widget from that browser, once', async () => {
    const response = await fetch(`${server.url}/coinbase/token`, { method: 'POST', headers: { origin: SITE, 'content-type': 'application/json' }, body: JSON.stringify({ addresses: [{ address: buyer, blockchains: ['ethereum'] }], assets: ['ETH'] }) });
    const { token } = (await response.json()) as { token: string };
    expect(response.status).toBe(200);
    const widget = () => fetch(`${providers.url}/buy/select-asset?sessionToken=${token}&defaultAsset=ETH&presetFiatAmount=100&fiatCurrency=USD`);
    expect((await widget()).status).toBe(200);
    expect((await widget()).status).toBe(401);
    const bad = await fetch(`${server.url}/coinbase/token`, { method: 'POST', headers: { origin: SITE }, body: '{"addresses":[]}' });
    expect([bad.status, ((await bad.json()) as { error: string }).error]).toEqual([400, expect.stringContaining('addresses: Too small')]);
  });

  it('behind a trusted proxy the token is bound to the visitor the proxy names; from anyone else X-Forwarded-For is ignored', async () => {
    const request = (url: string, forwardedFor: string) =>
      fetch(`${url}/coinbase/token`, { method: 'POST', headers: { origin: SITE, 'content-type': 'application/json', 'x-forwarded-for': forwardedFor }, body: JSON.stringify({ addresses: [{ address: buyer, blockchains: ['ethereum'] }], assets: ['ETH'] }) }).then(async (r) => ((await r.json()) as { token: string }).token);
    const widget = (token: string) => fetch(`${providers.url}/buy/select-asset?sessionToken=${token}&defaultAsset=ETH&presetFiatAmount=100&fiatCurrency=USD`).then((r) => r.status);
    const behindProxy = await startOnrampServer({ allowedOrigins: [SITE], trustedProxies: ['127.0.0.1'], coinbase: { apiUrl: providers.url, keyName: KEY_NAME, privateKey: cdp.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() } });
    try {
      // The proxy (127.0.0.1, trusted) says the visitor is 203.0.113.7, behind a CDN it also lists: the token is theirs, not this test's.
      expect(await widget(await request(behindProxy.url, '203.0.113.7, 127.0.0.1'))).toBe(403);
    } finally {
      await behindProxy.stop();
    }
    // Not behind a trusted proxy: a forged header changes nothing, the token is the socket's (this test's) own.
    expect(await widget(await request(server.url, '203.0.113.7'))).toBe(200);
  });

  it('gives each client its share of the site’s keys (429 with Retry-After), refuses a body over 20,000 characters (413)', async () => {
    const small = await startOnrampServer({ allowedOrigins: [SITE], perClientPerMinute: 2, meld: { apiUrl: providers.url, apiKey: MELD.apiKey } });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await fetch(`${small.url}/quotes?${quoteQuery()}`, { headers: { origin: SITE } })).status);
      expect(statuses).toEqual([200, 200, 429]);
      const refused = await fetch(`${small.url}/quotes?${quoteQuery()}`, { headers: { origin: SITE } });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toEqual({ error: 'Too many requests: at most 2 a minute' });
    } finally {
      await small.stop();
    }
    // An IPv6 visitor (named by a trusted proxy) walking through the addresses of its /64 is one client.
    const proxied = await startOnrampServer({ allowedOrigins: [SITE], trustedProxies: ['127.0.0.1'], perClientPerMinute: 2, meld: { apiUrl: providers.url, apiKey: MELD.apiKey } });
    try {
      const walk = [];
      for (const host of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2::3']) walk.push((await fetch(`${proxied.url}/quotes?${quoteQuery()}`, { headers: { origin: SITE, 'x-forwarded-for': host } })).status);
      expect(walk).toEqual([200, 200, 429]);
      // Another /64 is another client.
      expect((await fetch(`${proxied.url}/quotes?${quoteQuery()}`, { headers: { origin: SITE, 'x-forwarded-for': '2001:db8:1:3::1' } })).status).toBe(200);
    } finally {
      await proxied.stop();
    }
    const big = await fetch(`${server.url}/coinbase/token`, { method: 'POST', headers: { origin: SITE, 'content-type': 'application/json' }, body: JSON.stringify({ addresses: [{ address: 'x'.repeat(30_000), blockchains: ['ethereum'] }] }) });
    expect(big.status).toBe(413);
  });

  it('refuses at start a CDP key it cannot sign ES256 with, saying which', async () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const start = (privateKey: string) => startOnrampServer({ allowedOrigins: [SITE], coinbase: { keyName: KEY_NAME, privateKey } });
    await expect(start('not a key')).rejects.toThrow('coinbase.privateKey must be the CDP secret API key as PEM');
    await expect(start(rsa)).rejects.toThrow('coinbase.privateKey is an rsa key');
    await expect(start(p384)).rejects.toThrow('coinbase.privateKey is an EC key on secp384r1');
  });

  it('every request it sent Meld is in Meld’s contract, with its key and version headers', () => {
    expect(recorder.seen).toContain('POST /payments/crypto/quote');
    expect(recorder.problems).toEqual([]);
  });

  it('sends Coinbase only contract requests: both bodies checked against the vendored document', async () => {
    const through = await startOnrampServer({ allowedOrigins: [SITE], coinbase: { apiUrl: recorder.url, keyName: KEY_NAME, privateKey: cdp.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() } });
    try {
      // Through the recorder the JWT names the recorder's host, which the stand-in refuses: the request is what is checked here.
      await fetch(`${through.url}/quotes?${quoteQuery()}`);
      await fetch(`${through.url}/coinbase/token`, { method: 'POST', body: JSON.stringify({ addresses: [{ address: buyer, blockchains: ['ethereum'] }] }) });
    } finally {
      await through.stop();
    }
    expect(recorder.seen).toEqual(expect.arrayContaining(['POST /onramp/v1/buy/quote', 'POST /onramp/v1/token']));
    expect(recorder.problems).toEqual([]);
  });
});

describe('the reference adapters', () => {
  it('read Coinbase’s quote in each documented form: OpenAPI { value }, the prose docs’ { data: { amount } }, camelCase', () => {
    const fee = (v: string) => ({ value: v, currency: 'EUR' });
    expect(fromCoinbaseQuote({ purchase_amount: { value: '0.5', currency: 'ETH' }, coinbase_fee: fee('1.00'), network_fee: fee('0.25'), quote_id: 'q' }, 'EUR')).toEqual({ provider: 'coinbase', cryptoAmount: '0.5', fee: '1.25' });
    expect(fromCoinbaseQuote({ data: { purchase_amount: { amount: '0.5', currency: 'ETH' }, coinbase_fee: { amount: '1.00', currency: 'EUR' }, network_fee: { amount: '0.25', currency: 'EUR' } } }, 'EUR').fee).toBe('1.25');
    expect(fromCoinbaseQuote({ purchaseAmount: { value: '0.5', currency: 'ETH' }, coinbaseFee: fee('1'), networkFee: fee('0') }, 'EUR').cryptoAmount).toBe('0.5');
    expect(() => fromCoinbaseQuote({ purchase_amount: { value: '-1', currency: 'ETH' }, coinbase_fee: fee('1'), network_fee: fee('0') }, 'EUR')).toThrow(/not in its documented shape \(purchase\.value: a decimal string/);
    expect(() => fromCoinbaseQuote({ purchase_amount: { value: '1', currency: 'ETH' }, coinbase_fee: fee('1'), network_fee: fee('0') }, 'USD')).toThrow("Coinbase's quote has a fee in EUR, not USD");
    expect(() => fromCoinbaseQuote({ purchase_amount: { value: '1', currency: 'BTC' }, coinbase_fee: fee('1'), network_fee: fee('0') }, 'EUR', 'ETH')).toThrow('Coinbase quoted BTC, not ETH');
  });

  it('read Meld’s quotes: the one that buys the most, its total fee; nothing usable is an error', () => {
    const q = (serviceProvider: string, destinationAmount: number | string, totalFee: number | null) => ({ serviceProvider, destinationAmount, totalFee, sourceCurrencyCode: 'USD', destinationCurrencyCode: 'ETH' });
    expect(fromMeldQuotes({ quotes: [q('MOONPAY', 0.0328, 1.4), q('TRANSAK', 0.033, 1), q('BANXA', '0.0001', null)] }, 'USD')).toEqual({ provider: 'meld', cryptoAmount: '0.033', fee: '1.00', serviceProvider: 'TRANSAK' });
    expect(fromMeldQuotes({ quotes: [q('X', 1e-7, null)] }, 'USD').cryptoAmount).toBe('0.0000001');
    expect(() => fromMeldQuotes({ quotes: [] }, 'USD')).toThrow('Meld has no quote for this purchase');
    // Only quotes for the currency asked: a provider's answer in another code is not this purchase's.
    expect(() => fromMeldQuotes({ quotes: [q('TRANSAK', 0.033, 1)] }, 'USD', 'ETH_BASE')).toThrow('Meld has no quote for this purchase');
    expect(() => fromMeldQuotes({ quotes: [{ destinationAmount: 1 }] }, 'USD')).toThrow(/not in their documented shape/);
  });

  it('put each provider’s error body in words', () => {
    expect(providerErrorMessage({ code: 3, message: 'Missing required fields: country', details: [] })).toBe('Missing required fields: country');
    expect(providerErrorMessage({ errorType: 'unauthorized', errorMessage: 'Invalid JWT' })).toBe('unauthorized: Invalid JWT');
    expect(providerErrorMessage({ code: 'BAD_REQUEST', message: 'Bad request', errors: ['[sourceAmount] must not be null'] })).toBe('BAD_REQUEST: Bad request: [sourceAmount] must not be null');
    expect(providerErrorMessage('<html>')).toBeUndefined();
  });
});
