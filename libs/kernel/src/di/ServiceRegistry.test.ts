import 'reflect-metadata';
import { inject, injectable } from '#tsyringe';
import { describe, expect, it } from 'vitest';
import { createServiceRef, kernelRefs, type EventBus, type Router } from '../../test/internals';
import { ServiceAlreadyRegisteredError, ServiceNotFoundError } from '../../src/entries/errors';
import { errorOf, kernelFactory, manifest, nextEvent, plugin } from '../../test/helpers';

const makeKernel = kernelFactory();

interface Prices {
  priceOf(symbol: string): number;
}
interface Quotes {
  quote(symbol: string, amount: number): string;
}

const pricesRef = createServiceRef<Prices>('acme/prices');
const quotesRef = createServiceRef<Quotes>('acme/quotes');

@injectable()
class QuoteService implements Quotes {
  static instances = 0;
  disposed = 0;
  constructor(
    @inject(pricesRef.id) private readonly prices: Prices,
    @inject(kernelRefs.router.id) readonly router: Router,
    @inject(kernelRefs.events.id) readonly events: EventBus,
  ) {
    QuoteService.instances++;
  }
  quote(symbol: string, amount: number): string {
    return `${amount} ${symbol} = ${amount * this.prices.priceOf(symbol)} USD`;
  }
  dispose(): void {
    this.disposed++;
  }
}

describe('createServiceRef', () => {
  it.each(['acme/prices', 'kernel/rpc-policy', 'acme.ledger/sign.v2', 'a/b/c', '0x/y'])('accepts %s', (id) => {
    expect(createServiceRef(id)).toEqual({ id });
  });

  it.each(['prices', 'Acme/prices', 'acme/', '/prices', 'acme//prices', 'acme/pri ces', '-acme/prices', 'acme/Prices', ''])(
    'rejects %j with a TypeError',
    (id) => {
      expect(() => createServiceRef(id)).toThrow(TypeError);
      expect(() => createServiceRef(id)).toThrow(`Service ref id "${id}" must look like "owner/name"`);
    },
  );

  it('returns a frozen ref', () => {
    expect(Object.isFrozen(createServiceRef('acme/x'))).toBe(true);
  });
});

describe('services through the kernel', () => {
  it('registers, gets and answers has() for values and factories', async () => {
    const kernel = makeKernel({
      plugins: [
        plugin(manifest('acme'), {
          activate: (ctx) => {
            ctx.services.register(pricesRef, { useValue: { priceOf: () => 2 } });
            ctx.services.register(quotesRef, { useFactory: (get) => ({ quote: (s, a) => `${a * get(pricesRef).priceOf(s)}` }) });
          },
        }),
      ],
    });
    await kernel.start();
    expect(kernel.getService(quotesRef).quote('ACME', 3)).toBe('6');
    expect(kernel.getService(quotesRef)).toBe(kernel.getService(quotesRef));
  });

  it('throws ServiceAlreadyRegisteredError naming the owner on a duplicate id', async () => {
    let caught: unknown;
    const kernel = makeKernel({
      plugins: [
        plugin(manifest('first'), { activate: (ctx) => void ctx.services.register(pricesRef, { useValue: { priceOf: () => 1 } }) }),
        plugin(manifest('second', { requires: { first: '^1.0.0' } }), {
          activate: (ctx) => {
            caught = errorOf(() => ctx.services.register(pricesRef, { useValue: { priceOf: () => 2 } }));
          },
        }),
      ],
    });
    await kernel.start();
    expect(caught).toBeInstanceOf(ServiceAlreadyRegisteredError);
    expect((caught as Error).message).toBe('Service "acme/prices" is already registered by "first"');
    expect(kernel.getService(pricesRef).priceOf('x')).toBe(1);
  });

  it('a plugin cannot replace a kernel service', async () => {
    let caught: unknown;
    const kernel = makeKernel({
      plugins: [plugin(manifest('rogue'), { activate: (ctx) => void (caught = errorOf(() => ctx.services.register(kernelRefs.router, { useValue: {} as Router }))) })],
    });
    await kernel.start();
    expect((caught as Error).message).toBe('Service "kernel/router" is already registered by "kernel"');
  });

  it('throws ServiceNotFoundError for an unknown service', () => {
    const kernel = makeKernel();
    const error = errorOf(() => kernel.getService(createServiceRef('acme/nothing')));
    expect(error).toBeInstanceOf(ServiceNotFoundError);
    expect(error).toMatchObject({ message: 'Service "acme/nothing" is not registered', serviceId: 'acme/nothing' });
  });

  it('a useClass provider gets other services injected through @inject(ref.id), once (singleton)', async () => {
    QuoteService.instances = 0;
    const kernel = makeKernel({
      plugins: [
        plugin(manifest('acme'), {
          activate: (ctx) => {
            ctx.services.register(pricesRef, { useValue: { priceOf: (s) => (s === 'ACME' ? 4 : 0) } });
            ctx.services.register(quotesRef, { useClass: QuoteService });
          },
        }),
      ],
    });
    await kernel.start();
    const quotes = kernel.getService(quotesRef) as QuoteService;
    expect(quotes).toBeInstanceOf(QuoteService);
    expect(quotes.quote('ACME', 2)).toBe('2 ACME = 8 USD');
    expect(quotes.router).toBe(kernel.router);
    expect(quotes.events).toBe(kernel.events);
    expect(kernel.getService(quotesRef)).toBe(quotes);
    expect(QuoteService.instances).toBe(1);
  });

  it('instances are per kernel: two kernels build two instances', async () => {
    QuoteService.instances = 0;
    const make = () =>
      makeKernel({
        plugins: [
          plugin(manifest('acme'), {
            activate: (ctx) => {
              ctx.services.register(pricesRef, { useValue: { priceOf: () => 1 } });
              ctx.services.register(quotesRef, { useClass: QuoteService });
            },
          }),
        ],
      });
    const [one, two] = [make(), make()];
    await Promise.all([one.start(), two.start()]);
    expect(one.getService(quotesRef)).not.toBe(two.getService(quotesRef));
    expect((one.getService(quotesRef) as QuoteService).router).toBe(one.router);
    expect((two.getService(quotesRef) as QuoteService).router).toBe(two.router);
    expect(QuoteService.instances).toBe(2);
  });

  it('a created service with dispose() gets it called when withdrawn; a value does not', async () => {
    const valueDispose: string[] = [];
    const kernel = makeKernel({
      plugins: [
        plugin(manifest('acme', { featureFlag: { id: 'acme', default: true } }), {
          activate: (ctx) => {
            ctx.services.register(pricesRef, { useValue: Object.assign({ priceOf: () => 1 }, { dispose: () => void valueDispose.push('x') }) });
            ctx.services.register(quotesRef, { useClass: QuoteService });
          },
        }),
      ],
    });
    await kernel.start();
    const quotes = kernel.getService(quotesRef) as QuoteService;
    const disposed = nextEvent(kernel, 'plugin:disposed', ({ id }) => id === 'acme');
    kernel.setFeature('acme', false);
    await disposed;
    expect(quotes.disposed).toBe(1);
    expect(valueDispose).toEqual([]);
    expect(() => kernel.getService(quotesRef)).toThrow(ServiceNotFoundError);
  });

  it('a service never created is withdrawn without being created', async () => {
    QuoteService.instances = 0;
    const kernel = makeKernel({
      plugins: [
        plugin(manifest('acme'), {
          activate: (ctx) => {
            ctx.services.register(pricesRef, { useValue: { priceOf: () => 1 } });
            ctx.services.register(quotesRef, { useClass: QuoteService });
          },
        }),
      ],
    });
    await kernel.start();
    await kernel.dispose();
    expect(QuoteService.instances).toBe(0);
  });

  it('after a plugin withdraws a service, another can register the same id and gets a fresh instance', async () => {
    const kernel = makeKernel({
      plugins: [
        plugin(manifest('old', { featureFlag: { id: 'old', default: true } }), {
          activate: (ctx) => void ctx.services.register(pricesRef, { useFactory: () => ({ priceOf: () => 1 }) }),
        }),
        plugin(manifest('new', { featureFlag: { id: 'new', default: false } }), {
          activate: (ctx) => void ctx.services.register(pricesRef, { useFactory: () => ({ priceOf: () => 2 }) }),
        }),
      ],
    });
    await kernel.start();
    expect(kernel.getService(pricesRef).priceOf('x')).toBe(1);
    const oldDisposed = nextEvent(kernel, 'plugin:disposed', ({ id }) => id === 'old');
    kernel.setFeature('old', false);
    await oldDisposed;
    const newActivated = nextEvent(kernel, 'plugin:activated', ({ id }) => id === 'new');
    kernel.setFeature('new', true);
    await newActivated;
    expect(kernel.getService(pricesRef).priceOf('x')).toBe(2);
  });
});
