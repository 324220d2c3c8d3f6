import { loadContract } from '@portico/tools/contracts';
import { describe, expect, it } from 'vitest';
import { displayName, OAUTH2_PROVIDERS, rebase } from './oauth2Providers';

describe('the OAuth 2.0 providers’ adapters', () => {
  it('show a provider’s name without control or bidi characters, at most 120 characters, never half a surrogate pair', () => {
    expect(displayName('Ada\u202E nioj\u200B')).toBe('Ada nioj');
    expect(displayName('\u0000\u0007')).toBeUndefined();
    expect(displayName(42)).toBeUndefined();
    const long = displayName('😀'.repeat(200))!;
    expect(Array.from(long)).toHaveLength(120);
    expect(long.endsWith('😀')).toBe(true);
  });

  it('read each user API’s shape, the address counting only when the provider vouches for it', async () => {
    const noEmails = async () => [];
    expect(await OAUTH2_PROVIDERS.x.identity({ data: { id: '123', name: 'Grace', username: 'grace' } }, noEmails)).toEqual({ subject: '123', email: undefined, emailVerified: false, name: 'Grace' });
    expect(await OAUTH2_PROVIDERS.discord.identity({ id: '9', username: 'ada', email: 'ada@example.com', verified: false }, noEmails)).toMatchObject({ emailVerified: false, name: 'ada' });
    // GitHub: the public profile address is not the one used; the verified primary from /user/emails is.
    const emails = async (url: string) => (url.endsWith('/user/emails') ? [{ email: 'other@example.com', primary: false, verified: true }, { email: 'ada@example.com', primary: true, verified: true }] : []);
    expect(await OAUTH2_PROVIDERS.github.identity({ id: 7, login: 'ada', name: null, email: 'public@example.com' }, emails)).toEqual({ subject: '7', email: 'ada@example.com', emailVerified: true, name: 'ada' });
    await expect(OAUTH2_PROVIDERS.facebook.identity({ name: 'no id' }, noEmails)).rejects.toThrow(/no account id/);
    await expect(OAUTH2_PROVIDERS.x.identity({ errors: [] }, noEmails)).rejects.toThrow(/not an object/);
  });

  it('a stand-in serves the real paths under its own origin', () => {
    expect(rebase(OAUTH2_PROVIDERS.facebook.userinfo, 'http://127.0.0.1:9/facebook')).toBe('http://127.0.0.1:9/facebook/v23.0/me?fields=id,name,email');
    expect(rebase(OAUTH2_PROVIDERS.github.token, undefined)).toBe('https://github.com/login/oauth/access_token');
  });

  it('asks GitHub’s, Discord’s and X’s user APIs only what their published OpenAPI documents list (tools/contracts)', () => {
    const asked = { github: [OAUTH2_PROVIDERS.github.userinfo, `${OAUTH2_PROVIDERS.github.userinfo}/emails`], discord: [OAUTH2_PROVIDERS.discord.userinfo], x: [OAUTH2_PROVIDERS.x.userinfo] } as const;
    for (const [service, urls] of Object.entries(asked) as Array<[keyof typeof asked, readonly string[]]>) {
      for (const url of urls) expect(loadContract(service).checkRequest({ method: 'GET', url }), url).toEqual([]);
    }
    // And the same checker refuses what those APIs do not have.
    expect(loadContract('github').checkRequest({ method: 'GET', url: 'https://api.github.com/user/keys' })).toEqual([expect.stringContaining('not in the contract')]);
  });
});
