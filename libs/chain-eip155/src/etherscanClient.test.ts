import type { Network } from '@portico/kernel';
import type { HttpClient } from '@portico/kernel/http';
import { describe, expect, it } from 'vitest';
import { eip155Activity } from './activity';
import { createEtherscanClient, type AccountAction } from './etherscanClient';
import { ExplorerApiError } from './ExplorerApiError';

const ACCOUNT = '0x00000000000000000000000000000000000a11ce';
const network: Network = { caipNetworkId: 'eip155:8453', name: 'Base', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } };
const ETHERSCAN = 'https://api.etherscan.io/v2/api?apikey=KEY';
const ok = (result: unknown[] = []) => ({ status: '1', message: 'OK', result });
const notOk = (result: string) => ({ status: '0', message: 'NOTOK', result });
const query = { address: ACCOUNT, page: '1', offset: '25', sort: 'desc' };

/** An HttpClient that records each GET (URL and time) and answers with `answer(url, n)` (n: the call's number, from 0). */
function recordingHttp(answer: (url: URL, n: number) => unknown = () => ok()) {
  const sent: { url: URL; at: number }[] = [];
  const http = {
    get: (url: string) => {
      sent.push({ url: new URL(url), at: performance.now() });
      return Promise.resolve(answer(new URL(url), sent.length - 1));
    },
  } as unknown as HttpClient;
  return { http, sent };
}

const refusedWith = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ExplorerApiError);
  return error as ExplorerApiError;
};

describe('the account API client: pacing', () => {
  it('a burst of calls to one key goes one after the other, at most `rps` in any second, never two within 1/rps s', async () => {
    const { http, sent } = recordingHttp();
    const client = createEtherscanClient(http, { rps: 10 });
    const actions: AccountAction[] = ['txlist', 'tokentx', 'tokennfttx', 'token1155tx'];
    // Activity's four lists, NFTs' two and Tokens' one, three times over: 21 calls at once.
    await Promise.all(Array.from({ length: 21 }, (_, i) => client.list(network, ETHERSCAN, actions[i % 4]!, query)));
    expect(sent).toHaveLength(21);
    const times = sent.map((s) => s.at);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(100);
    for (const start of times) expect(times.filter((t) => t >= start && t < start + 1000).length).toBeLessThanOrEqual(10);
  });

  it('a call that went late (the page busy when its timer was due) does not bring the next one closer', async () => {
    const sent: number[] = [];
    const http = {
      get: () => {
        sent.push(performance.now());
        // The second call's page is busy for 150 ms: the third call's timer fires late.
        if (sent.length === 2) for (const until = performance.now() + 150; performance.now() < until; );
        return Promise.resolve(ok());
      },
    } as unknown as HttpClient;
    const client = createEtherscanClient(http, { rps: 10 });
    await Promise.all(Array.from({ length: 5 }, () => client.list(network, ETHERSCAN, 'txlist', query)));
    expect(sent).toHaveLength(5);
    // 1.1 s / 10 apart, each from when the one before it really went.
    for (let i = 1; i < sent.length; i++) expect(sent[i]! - sent[i - 1]!).toBeGreaterThanOrEqual(110);
  });

  it('paces each key on its own: a second key is not held back by the first', async () => {
    const { http, sent } = recordingHttp();
    const client = createEtherscanClient(http, { rps: 4 });
    const otherKey = 'https://api.etherscan.io/v2/api?apikey=OTHER';
    await Promise.all([client.list(network, ETHERSCAN, 'txlist', query), client.list(network, ETHERSCAN, 'tokentx', query), client.list(network, otherKey, 'txlist', query)]);
    const [first, second] = sent.filter((s) => s.url.searchParams.get('apikey') === 'KEY');
    const [other] = sent.filter((s) => s.url.searchParams.get('apikey') === 'OTHER');
    // The other key's call went at once, before the first key's second call, which waited its turn (1.1 s / 4).
    expect(sent.map((s) => s.url.searchParams.get('apikey'))).toEqual(['KEY', 'OTHER', 'KEY']);
    expect(other!.at - first!.at).toBeLessThan(100);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(275);
  });

  it('a rate refusal holds the key for a second and the call goes once more; a second refusal says Etherscan is busy', async () => {
    const { http, sent } = recordingHttp((_, n) => (n === 0 ? notOk('Max calls per sec rate limit reached (3/sec)') : ok([{ hash: '0x1' }])));
    const client = createEtherscanClient(http, { rps: 50, retryAfterMs: 300 });
    await expect(client.list(network, ETHERSCAN, 'txlist', query)).resolves.toEqual([{ hash: '0x1' }]);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.at - sent[0]!.at).toBeGreaterThanOrEqual(300);

    const always = recordingHttp(() => notOk('Max calls per sec rate limit reached (3/sec)'));
    const error = await refusedWith(createEtherscanClient(always.http, { rps: 50, retryAfterMs: 50 }).list(network, ETHERSCAN, 'txlist', query));
    expect(always.sent).toHaveLength(2);
    expect(error).toMatchObject({ code: 'eip155/explorer-rate', problem: 'rate', message: 'Etherscan is busy (too many requests for this API key): try again in a moment' });
  });

  it('refuses a rate that is not a positive number of calls per second', () => {
    for (const rps of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => createEtherscanClient(recordingHttp().http, { rps })).toThrow(ExplorerApiError);
  });
});

describe('the account API client: what it sends', () => {
  it('adds the network’s chainid to an Etherscan V2 URL, keeps the key, and sets the list’s query', async () => {
    const { http, sent } = recordingHttp();
    await createEtherscanClient(http).list(network, ETHERSCAN, 'tokennfttx', query);
    expect(Object.fromEntries(sent[0]!.url.searchParams)).toEqual({ apikey: 'KEY', chainid: '8453', module: 'account', action: 'tokennfttx', address: ACCOUNT, page: '1', offset: '25', sort: 'desc' });
    expect(sent[0]!.url.pathname).toBe('/v2/api');
  });

  it('leaves an API that is not Etherscan V2 as it is (Blockscout’s /api: no chainid, no key needed)', async () => {
    const { http, sent } = recordingHttp();
    await createEtherscanClient(http).list(network, 'https://base.blockscout.com/api', 'txlist', query);
    expect(sent[0]!.url.searchParams.has('chainid')).toBe(false);
  });

  it('refuses before calling: Etherscan’s V1 URL, a V2 URL without a key, a V2 URL naming another chain', async () => {
    const { http, sent } = recordingHttp();
    const client = createEtherscanClient(http);
    const v1 = await refusedWith(client.list(network, 'https://api.etherscan.io/api?apikey=KEY', 'txlist', query));
    expect(v1).toMatchObject({ problem: 'deprecated', message: "The account API of Base is Etherscan's retired V1 API: use https://api.etherscan.io/v2/api?chainid=8453&apikey=…" });
    expect((await refusedWith(client.list(network, 'https://api.basescan.org/api?apikey=KEY', 'txlist', query))).problem).toBe('deprecated');
    const keyless = await refusedWith(client.list(network, 'https://api.etherscan.io/v2/api?chainid=8453', 'txlist', query));
    expect(keyless).toMatchObject({ problem: 'key', message: 'The Etherscan API needs an API key: the account API URL of Base has none' });
    const elsewhere = await refusedWith(client.list(network, 'https://api.etherscan.io/v2/api?chainid=1&apikey=KEY', 'txlist', query));
    expect(elsewhere).toMatchObject({ problem: 'config', message: 'The account API URL of Base names chain 1, not 8453' });
    expect(sent).toHaveLength(0);
  });
});

describe('the account API client: what it answers', () => {
  it('"No transactions found" is an empty list, not an error', async () => {
    const { http } = recordingHttp(() => ({ status: '0', message: 'No transactions found', result: [] }));
    await expect(createEtherscanClient(http).list(network, ETHERSCAN, 'txlist', query)).resolves.toEqual([]);
  });

  it('says which refusal it was, once (no retry): a chain the free plan does not cover, a wrong key, V1, an unsupported chain, any other NOTOK', async () => {
    const cases: [string, string, string][] = [
      ['Free API access is not supported for this chain. Please upgrade your api plan for full chain coverage. https://etherscan.io/apis', 'plan', "Etherscan's free plan does not cover this chain (Base, chain 8453): its account data needs a paid Etherscan API plan"],
      ['Missing/Invalid API Key', 'key', 'Etherscan refused the API key for Base: it is missing or invalid'],
      ['Invalid API Key', 'key', 'Etherscan refused the API key for Base: it is missing or invalid'],
      ['You are using a deprecated V1 endpoint, switch to Etherscan API V2.', 'deprecated', "The account API of Base is Etherscan's retired V1 API: use https://api.etherscan.io/v2/api?chainid=8453&apikey=…"],
      ['Missing or unsupported chainid parameter (required for v2 api), please see chainlist for the list of supported chainids', 'chain', 'The account API does not serve Base (chain 8453)'],
      ['Error! Invalid address format', 'refused', 'The account API (txlist) answered NOTOK: Error! Invalid address format'],
    ];
    for (const [reason, problem, message] of cases) {
      const { http, sent } = recordingHttp(() => notOk(reason));
      const error = await refusedWith(createEtherscanClient(http).list(network, ETHERSCAN, 'txlist', query));
      expect(error, reason).toMatchObject({ problem, code: `eip155/explorer-${problem}`, message });
      expect(error.details).toContain(reason);
      expect(sent).toHaveLength(1);
    }
  });

  it('a malformed body is an error, not an empty list: no envelope, HTML, a result that is not a list', async () => {
    for (const body of [{ result: [] }, '<html>502</html>', null, { status: '1', message: 'OK', result: 'rows' }]) {
      const error = await refusedWith(createEtherscanClient(recordingHttp(() => body).http).list(network, ETHERSCAN, 'txlist', query));
      expect(error.problem, JSON.stringify(body)).toBe('malformed');
    }
  });

  it('Activity fails with the refusal’s own message (what the Activity view logs), after asking the four lists at the key’s pace', async () => {
    const { http, sent } = recordingHttp(() => notOk('Free API access is not supported for this chain. Please upgrade your api plan for full chain coverage. https://etherscan.io/apis'));
    const explorer = createEtherscanClient(http, { rps: 20 });
    const withApi: Network = { ...network, blockExplorers: { default: { name: 'Etherscan', url: 'https://basescan.org', apiUrl: ETHERSCAN } } };
    await expect(eip155Activity({ logger: { warn: () => {} } as never, http, rpc: {}, explorer }, `eip155:8453:${ACCOUNT}`, withApi, undefined)).rejects.toThrow("Etherscan's free plan does not cover this chain (Base, chain 8453)");
    expect(sent.length).toBeGreaterThanOrEqual(1);
  });
});
