import { startAnvil, type AnvilNode } from '@portico/chain-eip155/testing/node';
import { loadContract, loadMeldCurrencies } from '@portico/tools/contracts';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { createPublicClient, http, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MELD_CRYPTO_CURRENCIES, referenceQuote, startOnrampService, type OnrampService } from './createOnrampService';

// The stand-in for Coinbase's and Meld's APIs, held to their contracts (tools/contracts/coinbase-onramp, tools/contracts/meld).
const coinbaseContract = loadContract('coinbase-onramp');
const meldContract = loadContract('meld');
const cdp = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const KEY_NAME = 'organizations/portico/apiKeys/test-key';
const MELD = { apiKey: 'meld-api-key:secret', publicKey: 'pk_test_12345678' };

let anvil: AnvilNode;
let service: OnrampService;
let clock = Date.now();
const buyer = '0x000000000000000000000000000000000000bEEF';

beforeAll(async () => {
  anvil = await startAnvil();
  service = await startOnrampService({ rpcUrl: anvil.url, coinbase: { keyName: KEY_NAME, publicKey: cdp.publicKey.export({ type: 'spki', format: 'pem' }).toString() }, meld: MELD, now: () => clock });
});
afterAll(async () => {
  await service?.stop();
  await anvil?.stop();
});

/** A CDP JWT as Coinbase's SDK makes one (jose here, not the onramp server's code); `change` breaks one part. */
async function cdpJwt(path: string, change: { kid?: string; sub?: string; iss?: string; uri?: string; life?: number; key?: typeof cdp.privateKey; shift?: number } = {}) {
  const now = Math.floor(Date.now() / 1000) + (change.shift ?? 0);
  return new SignJWT({ uris: [change.uri ?? `POST ${new URL(service.url).host}${path}`] })
    .setProtectedHeader({ alg: 'ES256', kid: change.kid ?? KEY_NAME, typ: 'JWT', nonce: randomBytes(16).toString('hex') })
    .setIssuer(change.iss ?? 'cdp')
    .setSubject(change.sub ?? KEY_NAME)
    .setNotBefore(now)
    .setIssuedAt(now)
    .setExpirationTime(now + (change.life ?? 120))
    .sign(change.key ?? cdp.privateKey);
}
async function coinbase(path: string, body: unknown, jwt?: string) {
  const url = `${service.url}${path}`;
  const response = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${jwt ?? (await cdpJwt(path))}`, 'content-type': 'application/json', origin: 'http://127.0.0.1:4319' }, body: JSON.stringify(body) });
  const answer = { method: 'POST', url, status: response.status, body: (await response.json()) as Record<string, unknown>, cors: response.headers.get('access-control-allow-origin') };
  expect(coinbaseContract.checkResponse(answer), url).toEqual([]);
  return answer;
}
async function meld(path: string, body?: unknown, key = MELD.apiKey) {
  const url = `${service.url}${path}`;
  const method = body === undefined ? 'GET' : 'POST';
  const response = await fetch(url, { method, headers: { authorization: `BASIC ${key}`, 'meld-version': '2023-12-19', 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const answer = { method, url, status: response.status, body: (await response.json()) as Record<string, unknown> };
  expect(meldContract.checkResponse(answer), url).toEqual([]);
  return answer;
}
const complete = async (html: string) => {
  const order = /name="order" value="([0-9a-f]+)"/.exec(html)![1]!;
  return fetch(`${service.url}/widget/complete`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `order=${order}` });
};
const tokenRequest = (clientIp = '127.0.0.1') => ({ addresses: [{ address: buyer, blockchains: ['ethereum'] }], assets: ['ETH'], clientIp });

describe('the Coinbase Onramp stand-in (its paths, CDP JWT, shapes; no CORS)', () => {
  it('a buy quote in Coinbase’s shape: what the payment buys, its fees in the payment currency', async () => {
    const quote = await coinbase('/onramp/v1/buy/quote', { purchase_currency: 'ETH', purchase_network: 'ethereum', payment_amount: '100.00', payment_currency: 'USD', payment_method: 'CARD', country: 'US', subdivision: 'NY' });
    expect(quote.status).toBe(200);
    expect(quote.cors).toBeNull();
    expect(quote.body).toMatchObject({ payment_total: { value: '100.00', currency: 'USD' }, payment_subtotal: { value: '98.50', currency: 'USD' }, purchase_amount: { value: '0.032833', currency: 'ETH' }, coinbase_fee: { value: '1.00', currency: 'USD' }, network_fee: { value: '0.50', currency: 'USD' } });
    // Coinbase's refusals: a required field missing, the US without a state.
    expect((await coinbase('/onramp/v1/buy/quote', { purchase_currency: 'ETH', payment_amount: '100.00', payment_currency: 'USD', country: 'FR' })).body).toMatchObject({ code: 3, message: 'Missing required fields: payment_method' });
    expect((await coinbase('/onramp/v1/buy/quote', { purchase_currency: 'ETH', payment_amount: '100.00', payment_currency: 'USD', payment_method: 'CARD', country: 'US' })).body.message).toBe('subdivision is required for the US');
  });

  it('refuses any request without the site’s CDP JWT for exactly that request (401, gRPC 16)', async () => {
    const path = '/onramp/v1/token';
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const refused: Array<[string, string]> = [
      ['no JWT', 'not-a-jwt'],
      ['another key', await cdpJwt(path, { key: other })],
      ['another kid', await cdpJwt(path, { kid: 'organizations/x/apiKeys/y' })],
      ['another issuer', await cdpJwt(path, { iss: 'coinbase' })],
      ['another request', await cdpJwt(path, { uri: `POST ${new URL(service.url).host}/onramp/v1/buy/quote` })],
      ['longer than 120 s', await cdpJwt(path, { life: 600 })],
      ['another subject', await cdpJwt(path, { sub: 'organizations/x/apiKeys/y' })],
      ['expired', await cdpJwt(path, { shift: -600 })],
      ['not yet valid', await cdpJwt(path, { shift: 600 })],
      ['unsigned (alg none)', `${Buffer.from(JSON.stringify({ alg: 'none', kid: KEY_NAME })).toString('base64url')}.${Buffer.from(JSON.stringify({ iss: 'cdp', sub: KEY_NAME })).toString('base64url')}.`],
    ];
    for (const [why, jwt] of refused) {
      const answer = await coinbase(path, tokenRequest(), jwt);
      expect([answer.status, answer.body.code], why).toEqual([401, 16]);
    }
  });

  it('a session token opens the widget once, within 5 minutes, for the client IP it was made for; the purchase credits the buyer', async () => {
    const made = await coinbase('/onramp/v1/token', tokenRequest());
    expect(made.body).toEqual({ token: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/), channelId: '' });
    expect((await coinbase('/onramp/v1/token', { addresses: [{ address: buyer, blockchains: ['ethereum'] }] })).body.message).toBe('clientIp must be the end user’s IP address');
    const widget = (token: string) => fetch(`${service.url}/buy/select-asset?sessionToken=${token}&defaultAsset=ETH&defaultNetwork=ethereum&presetFiatAmount=100&fiatCurrency=USD`);
    const opened = await widget(made.body.token as string);
    expect(opened.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await opened.text();
    expect(html).toContain('0.032833 ETH');
    // Once.
    expect((await widget(made.body.token as string)).status).toBe(401);
    // Another client's token.
    expect((await widget((await coinbase('/onramp/v1/token', tokenRequest('203.0.113.7'))).body.token as string)).status).toBe(403);
    // Past its 5 minutes.
    const late = (await coinbase('/onramp/v1/token', tokenRequest())).body.token as string;
    clock += 5 * 60_000 + 1;
    expect((await widget(late)).status).toBe(401);
    const reader = createPublicClient({ transport: http(anvil.url) });
    const before = await reader.getBalance({ address: buyer });
    expect(await (await complete(html)).text()).toContain('Purchase complete');
    expect((await reader.getBalance({ address: buyer })) - before).toBe(parseEther('0.032833'));
    expect((await complete(html)).status).toBe(404);
  });
});

describe('the Meld stand-in (its paths, BASIC key, shapes, currency codes)', () => {
  it('one quote per service provider in Meld’s shape; a code not on its list gets none', async () => {
    const quote = await meld('/payments/crypto/quote', { countryCode: 'US', sourceCurrencyCode: 'USD', sourceAmount: 100, destinationCurrencyCode: 'ETH', walletAddress: buyer, paymentMethodType: 'CARD' });
    expect(quote.status).toBe(200);
    expect(quote.body.quotes).toEqual([
      expect.objectContaining({ serviceProvider: 'TRANSAK', destinationAmount: 0.033, totalFee: 1, destinationCurrencyCode: 'ETH', sourceCurrencyCode: 'USD' }),
      expect.objectContaining({ serviceProvider: 'MOONPAY', destinationAmount: 0.032867, totalFee: 1.4 }),
    ]);
    expect(referenceQuote('meld', 100, 'EUR', 'SOL')).toEqual({ cryptoAmount: '0.712800', fee: '1.00' });
    // Meld's documented form is ETH, not ETH_ETHEREUM (Portico's old guess): no quote.
    const unknown = await meld('/payments/crypto/quote', { countryCode: 'US', sourceCurrencyCode: 'USD', sourceAmount: 100, destinationCurrencyCode: 'ETH_ETHEREUM' });
    expect([unknown.status, unknown.body.code]).toEqual([400, 'NO_VALID_QUOTES']);
    const bad = await meld('/payments/crypto/quote', { countryCode: 'US', sourceAmount: '100', destinationCurrencyCode: 'ETH' });
    expect(bad.body).toMatchObject({ code: 'BAD_REQUEST', errors: ['[sourceCurrencyCode] must not be blank', '[sourceAmount] must be a positive number'] });
    expect((await meld('/payments/crypto/quote', { countryCode: 'US', sourceCurrencyCode: 'USD', sourceAmount: 100, destinationCurrencyCode: 'ETH' }, 'wrong')).status).toBe(401);
  });

  it('its crypto-currency list is the vendored one (tools/contracts/meld/crypto-currencies.json)', async () => {
    const vendored = loadMeldCurrencies();
    const listed = await meld('/service-providers/properties/crypto-currencies?accountFilter=true&countries=US');
    expect(listed.body).toEqual(vendored.map(({ 'x-caip2': _, ...row }) => row));
    expect(MELD_CRYPTO_CURRENCIES.map((c) => c.currencyCode)).toEqual(vendored.map((c) => c.currencyCode));
  });

  it('the widget needs the public key and a listed code; the page escapes what the URL carries', async () => {
    expect((await fetch(`${service.url}/widget/meld?publicKey=wrong`)).status).toBe(401);
    expect((await fetch(`${service.url}/widget/meld?publicKey=${MELD.publicKey}&destinationCurrencyCode=ETH_ETHEREUM&walletAddress=${buyer}&sourceAmount=50&sourceCurrencyCode=EUR`)).status).toBe(400);
    const html = await (await fetch(`${service.url}/widget/meld?publicKey=${MELD.publicKey}&destinationCurrencyCode=ETH&walletAddress=${encodeURIComponent('<script>x</script>')}&sourceAmount=50&sourceCurrencyCode=EUR`)).text();
    expect(html).not.toContain('<script>');
    expect((await complete(html)).status).toBe(400);
    // No order for an amount the provider would refuse: nothing negative to "credit".
    for (const amount of ['-100', 'abc', '0', '2000000', '1.234']) {
      expect((await fetch(`${service.url}/widget/meld?publicKey=${MELD.publicKey}&destinationCurrencyCode=ETH&walletAddress=${buyer}&sourceAmount=${amount}&sourceCurrencyCode=USD`)).status, amount).toBe(400);
    }
  });

  it('the contract checker is not a rubber stamp: a quote without serviceProvider, a string amount, an undocumented status', () => {
    const url = `${service.url}/payments/crypto/quote`;
    expect(meldContract.checkResponse({ method: 'POST', url, status: 200, body: { quotes: [{ sourceAmount: 1, destinationAmount: 1, destinationCurrencyCode: 'ETH' }] } })).toEqual([expect.stringContaining("must have required property 'serviceProvider'")]);
    expect(meldContract.checkResponse({ method: 'POST', url, status: 200, body: { quotes: [{ sourceAmount: 1, destinationAmount: '1', destinationCurrencyCode: 'ETH', serviceProvider: 'X' }] } })).toEqual([expect.stringContaining('/destinationAmount must be number')]);
    expect(coinbaseContract.checkResponse({ method: 'POST', url: `${service.url}/onramp/v1/token`, status: 418, body: {} })).toEqual([expect.stringContaining('status 418 is not one the contract lists')]);
    expect(coinbaseContract.checkRequest({ method: 'POST', url: `${service.url}/onramp/v1/buy/quote`, contentType: 'application/json', body: { purchase_currency: 'ETH', payment_amount: 100, payment_currency: 'USD', payment_method: 'CARD' } })).toEqual([
      expect.stringMatching(/must have required property 'country'.*payment_amount must be string|payment_amount must be string.*must have required property 'country'/),
    ]);
  });
});
