import type { RegisteredConnector } from '@portico/kernel';
import { describe, expect, it } from 'vitest';
import { keepPlaces } from './walletListing';

const wallet = (id: string) => ({ id }) as RegisteredConnector;

describe('keepPlaces', () => {
  it('adds the groups still to come in the groups’ order, and leaves a group that is there as it is', () => {
    const shown = keepPlaces(
      [
        { group: 'injected', connectors: [wallet('a')] },
        { group: 'custom', connectors: [wallet('c')] },
      ],
      { featured: 2, recommended: 4 },
    );
    expect(shown.map((g) => [g.group, g.places ?? g.connectors.length])).toEqual([
      ['injected', 1],
      ['featured', 2],
      ['custom', 1],
      ['recommended', 4],
    ]);
    const there = keepPlaces([{ group: 'recommended', connectors: [wallet('r')] }], { featured: 0, recommended: 4 });
    expect(there).toEqual([{ group: 'recommended', connectors: [wallet('r')] }]);
  });
});
