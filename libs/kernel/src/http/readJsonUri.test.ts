import { describe, expect, it } from 'vitest';
import { readJsonUri } from './readJsonUri';

describe('readJsonUri', () => {
  it('reads plain and base64 data: JSON', async () => {
    await expect(readJsonUri(`data:application/json,${encodeURIComponent('{"name":"A #1"}')}`, 1000)).resolves.toEqual({ name: 'A #1' });
    await expect(readJsonUri(`data:application/json;base64,${btoa('{"name":"B"}')}`, 1000)).resolves.toEqual({ name: 'B' });
  });

  it('refuses other schemes and text that is not JSON, saying why', async () => {
    await expect(readJsonUri('ipfs://bafy/1.json', 1000)).rejects.toThrow('the URI is neither data: nor https:');
    await expect(readJsonUri('http://example.com/1.json', 1000)).rejects.toThrow('neither data: nor https:');
    await expect(readJsonUri('data:application/json,{oops', 1000)).rejects.toThrow(SyntaxError);
  });

});
