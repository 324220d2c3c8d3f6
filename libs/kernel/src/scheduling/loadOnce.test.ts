import { describe, expect, it } from 'vitest';
import { loadOnce } from './loadOnce';

describe('loadOnce', () => {
  it('loads once for every caller and gives the value to synchronous code', async () => {
    let runs = 0;
    const load = loadOnce(async () => ({ n: ++runs }));
    expect(load.current).toBeUndefined();
    const [a, b] = await Promise.all([load(), load()]);
    expect(a).toBe(b);
    expect(await load()).toBe(a);
    expect(load.current).toBe(a);
    expect(runs).toBe(1);
  });

  it('forgets a failed load: the next call tries again', async () => {
    let runs = 0;
    const load = loadOnce(async () => {
      if (++runs === 1) throw new Error('chunk failed');
      return 'ok';
    });
    await expect(load()).rejects.toThrow('chunk failed');
    expect(load.current).toBeUndefined();
    await expect(load()).resolves.toBe('ok');
    expect(runs).toBe(2);
  });
});
