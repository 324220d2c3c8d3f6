import { describe, expect, it } from 'vitest';
import { checkImageUrl, checkLink, isLoopbackHttp } from './safeUrls';

describe('checkLink', () => {
  it.each([
    ['metamask://', 'app'],
    ['trust://wc?uri=', 'app'],
    ['ledgerlive://', 'app'],
    ['https://metamask.app.link', 'app'],
    ['https://app.example.com/path?q=1', 'web'],
  ] as const)('accepts %s as %s, unchanged', (link, kind) => {
    expect(checkLink(link, kind)).toEqual({ ok: true, url: link });
  });

  it.each([
    ['javascript:alert(1)', 'app', 'uses the javascript: scheme'],
    ['JaVaScRiPt:alert(1)', 'app', 'uses the javascript: scheme'],
    ['java\nscript:alert(1)', 'app', 'contains whitespace or control characters'],
    ['\tjavascript:alert(1)', 'app', 'contains whitespace or control characters'],
    ['data:text/html,<script>alert(1)</script>', 'app', 'uses the data: scheme'],
    ['vbscript:msgbox(1)', 'app', 'uses the vbscript: scheme'],
    ['file:///etc/passwd', 'app', 'uses the file: scheme'],
    ['http://plain.example', 'app', 'uses the http: scheme (https or an app scheme expected)'],
    ['metamask://', 'web', 'uses the metamask: scheme (https expected)'],
    ['not a url', 'web', 'contains whitespace or control characters'],
    ['//no-scheme.example', 'web', 'is not a URL'],
    ['', 'app', 'is not a URL'],
    ['https://exa\u200bmple.com', 'web', 'contains whitespace or control characters'],
  ] as const)('refuses %j as %s', (link, kind, reason) => {
    expect(checkLink(link, kind)).toEqual({ ok: false, reason });
  });
});

describe('checkImageUrl', () => {
  it('takes https and raster/SVG data URLs', () => {
    expect(checkImageUrl('https://cdn.example/i.png', false)).toEqual({ ok: true, url: 'https://cdn.example/i.png' });
    expect(checkImageUrl('data:image/png;base64,iVBORw0KGgo=', false).ok).toBe(true);
    expect(checkImageUrl('data:image/svg+xml;charset=utf-8,<svg xmlns="http://www.w3.org/2000/svg"></svg>', false).ok).toBe(true);
  });

  it('refuses other data URLs, script schemes and remote http; loopback http only when allowed', () => {
    expect(checkImageUrl('data:text/html;base64,PHNjcmlwdD4=', true).ok).toBe(false);
    expect(checkImageUrl('data:image/svg+xml\n,<svg/>', true).ok).toBe(false);
    expect(checkImageUrl('javascript:alert(1)', true).ok).toBe(false);
    expect(checkImageUrl('http://cdn.example/i.png', true).ok).toBe(false);
    expect(checkImageUrl('http://127.0.0.1:8080/i.svg', false).ok).toBe(false);
    expect(checkImageUrl('http://127.0.0.1:8080/i.svg', true)).toEqual({ ok: true, url: 'http://127.0.0.1:8080/i.svg' });
    expect(checkImageUrl('http://localhost/i.svg', true).ok).toBe(true);
  });
});

describe('isLoopbackHttp', () => {
  it('is true only for http on 127.0.0.1, localhost or ::1', () => {
    expect(isLoopbackHttp('http://127.0.0.1:4000')).toBe(true);
    expect(isLoopbackHttp('http://[::1]:4000/')).toBe(true);
    expect(isLoopbackHttp('https://127.0.0.1')).toBe(false);
    expect(isLoopbackHttp('http://127.0.0.1.evil.example')).toBe(false);
    expect(isLoopbackHttp('nope')).toBe(false);
  });
});
