import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderContributions, type Orderable } from '../../test/internals';

interface Item extends Orderable {
  readonly tag: number;
}

const idArb = fc.stringMatching(/^[a-z]{1,4}$/);
const orderArb = fc.option(fc.integer({ min: -20, max: 20 }), { nil: undefined });

/** Items with unique ids and optional order hints; `tag` tells copies apart. */
const uniqueItems = fc
  .uniqueArray(idArb, { maxLength: 25 })
  .chain((ids) => fc.tuple(...ids.map((id) => orderArb.map((order) => ({ id, order })))))
  .map((items) => items.map((item, tag): Item => (item.order === undefined ? { id: item.id, tag } : { ...item, tag })));

/** Items whose ids may repeat. */
const anyItems = fc.array(
  fc.record({ id: idArb, order: orderArb }).map((item) => (item.order === undefined ? { id: item.id } : item)),
  { maxLength: 25 },
).map((items) => items.map((item, tag): Item => ({ ...item, tag })));

const hostOrderArb = fc.array(idArb, { maxLength: 10 });

/** The reference comparison of the rules, for the items outside the host order. */
function rankThenId(a: Item, b: Item): number {
  const ra = a.order ?? Number.POSITIVE_INFINITY;
  const rb = b.order ?? Number.POSITIVE_INFINITY;
  if (ra !== rb) return ra < rb ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

describe('orderContributions (properties)', () => {
  it('returns a permutation of its input', () => {
    fc.assert(
      fc.property(anyItems, hostOrderArb, (items, hostOrder) => {
        const result = orderContributions(items, hostOrder);
        expect(result).toHaveLength(items.length);
        expect([...result].sort((a, b) => a.tag - b.tag)).toEqual(items);
      }),
    );
  });

  it('puts the ids of the host order first, in host order', () => {
    fc.assert(
      fc.property(uniqueItems, hostOrderArb, (items, hostOrder) => {
        const present = new Set(items.map((i) => i.id));
        const expectedHead = [...new Set(hostOrder)].filter((id) => present.has(id));
        const result = orderContributions(items, hostOrder).map((i) => i.id);
        expect(result.slice(0, expectedHead.length)).toEqual(expectedHead);
      }),
    );
  });

  it('orders the rest by ascending order hint (missing hints last), then by id', () => {
    fc.assert(
      fc.property(uniqueItems, hostOrderArb, (items, hostOrder) => {
        const hosted = new Set(hostOrder);
        const rest = orderContributions(items, hostOrder).filter((i) => !hosted.has(i.id));
        for (let i = 1; i < rest.length; i++) expect(rankThenId(rest[i - 1]!, rest[i]!)).toBeLessThan(0);
      }),
    );
  });

  it('is deterministic whatever the input order when ids are unique', () => {
    fc.assert(
      fc.property(
        uniqueItems.chain((items) => fc.tuple(fc.constant(items), fc.shuffledSubarray(items, { minLength: items.length, maxLength: items.length }))),
        hostOrderArb,
        ([items, shuffled], hostOrder) => {
          expect(orderContributions(shuffled, hostOrder)).toEqual(orderContributions(items, hostOrder));
        },
      ),
    );
  });

  it('does not modify its input array', () => {
    fc.assert(
      fc.property(anyItems, hostOrderArb, (items, hostOrder) => {
        const copy = [...items];
        orderContributions(items, hostOrder);
        expect(items).toEqual(copy);
      }),
    );
  });
});

describe('orderContributions (examples)', () => {
  it('host order beats order hints, hints beat ids, and missing hints go last', () => {
    const items = [{ id: 'wallet' }, { id: 'social', order: 2 }, { id: 'email', order: 1 }, { id: 'apple' }, { id: 'zeta', order: 1 }];
    expect(orderContributions(items).map((i) => i.id)).toEqual(['email', 'zeta', 'social', 'apple', 'wallet']);
    expect(orderContributions(items, ['wallet', 'nope', 'apple']).map((i) => i.id)).toEqual(['wallet', 'apple', 'email', 'zeta', 'social']);
  });

  it('keeps equal ids in input order (stable)', () => {
    const items = [{ id: 'x', tag: 1 }, { id: 'x', tag: 2 }, { id: 'x', tag: 3 }];
    expect(orderContributions(items).map((i) => i.tag)).toEqual([1, 2, 3]);
  });

  it('uses the first position of an id listed twice in the host order', () => {
    const items = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    expect(orderContributions(items, ['c', 'a', 'c']).map((i) => i.id)).toEqual(['c', 'a', 'b']);
  });

  it('accepts a custom rank', () => {
    const items = [{ id: 'a', weight: 3 }, { id: 'b', weight: 1 }, { id: 'c', weight: 2 }];
    expect(orderContributions(items, [], (i) => i.weight).map((i) => i.id)).toEqual(['b', 'c', 'a']);
  });
});
