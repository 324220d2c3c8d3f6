import { startAnvil, type AnvilNode } from '@portico/chain-eip155/testing/node';
import { createPublicClient, http, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceQuote, startOnrampService, type OnrampService } from './createOnrampService';

let anvil: AnvilNode;
let service: OnrampService;
const buyer = '0x000000000000000000000000000000000000bEEF';

beforeAll(async () => {
  anvil = await startAnvil();
  service = await startOnrampService({ rpcUrl: anvil.url, meldPublicKey: 'pk_test_12345678', allowedOrigins: ['http://127.0.0.1:4319'] });
});
afterAll(async () => {
  await service?.stop();
  await anvil?.stop();
});

const complete = async (html: string) => {
  const order = /name="order" value="([0-9a-f]+)"/.exec(html)![1]!;
  return fetch(`${service.url}/widget/complete`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `order=${order}` });
};

describe('the local onramp reference', () => {
  it('quotes within the 1–2 % fee range for each provider', async () => {
    const response = await fetch(`${service.url}/quotes?amount=100&currency=USD&asset=ETH&network=eip155:31337&address=${buyer}`, { headers: { origin: 'http://127.0.0.1:4319' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4319');
    expect(await response.json()).toEqual({ quotes: [{ provider: 'coinbase', cryptoAmount: '0.032833', fee: '1.50' }, { provider: 'meld', cryptoAmount: '0.033000', fee: '1.00' }] });
    expect(referenceQuote('meld', 100, 'EUR', 'SOL')).toEqual({ cryptoAmount: '0.712800', fee: '1.00' });
    expect((await fetch(`${service.url}/quotes?amount=100&currency=USD&asset=ETH`, { headers: { origin: 'https://evil.example' } })).status).toBe(403);
    expect((await fetch(`${service.url}/quotes?amount=-1&currency=USD&asset=ETH`)).status).toBe(400);
  });

  it('Coinbase: a session token for the address, then the widget credits it on the local chain once the purchase completes (once)', async () => {
    const token = (await (await fetch(`${service.url}/coinbase/token`, { method: 'POST', body: JSON.stringify({ addresses: [{ address: buyer, blockchains: ['ethereum'] }], assets: ['ETH'] }) })).json()) as { token: string };
    expect(token.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await fetch(`${service.url}/widget/coinbase?sessionToken=forged&defaultAsset=ETH`)).status).toBe(401);
    const widget = await fetch(`${service.url}/widget/coinbase?sessionToken=${token.token}&defaultAsset=ETH&defaultNetwork=ethereum&presetFiatAmount=100&fiatCurrency=USD`);
    expect(widget.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await widget.text();
    expect(html).toContain('0.032833 ETH');
    const reader = createPublicClient({ transport: http(anvil.url) });
    const before = await reader.getBalance({ address: buyer });
    const done = await complete(html);
    expect(await done.text()).toContain('Purchase complete');
    expect((await reader.getBalance({ address: buyer })) - before).toBe(parseEther('0.032833'));
    expect((await complete(html)).status).toBe(404);
  });

  it('Meld: the public key is required; the page escapes what the URL carries', async () => {
    expect((await fetch(`${service.url}/widget/meld?publicKey=wrong`)).status).toBe(401);
    const html = await (await fetch(`${service.url}/widget/meld?publicKey=pk_test_12345678&destinationCurrencyCode=ETH&walletAddress=${encodeURIComponent('<script>x</script>')}&sourceAmount=50&sourceCurrencyCode=EUR`)).text();
    expect(html).not.toContain('<script>');
    expect((await complete(html)).status).toBe(400);
    // No order for an amount the provider would refuse: nothing negative to "credit".
    for (const amount of ['-100', 'abc', '0', '2000000', '1.234']) {
      expect((await fetch(`${service.url}/widget/meld?publicKey=pk_test_12345678&destinationCurrencyCode=ETH&walletAddress=${buyer}&sourceAmount=${amount}&sourceCurrencyCode=USD`)).status, amount).toBe(400);
    }
  });
});
