import { describe, expect, it } from 'vitest';
import { createLogger, type LogLevel } from '../../test/internals';

function collect(level?: LogLevel) {
  const lines: string[] = [];
  const logger = createLogger(level, (at, message, data) => void lines.push(`${at} ${message}${data.length ? ` ${JSON.stringify(data)}` : ''}`));
  return { logger, lines };
}

describe('createLogger', () => {
  it('defaults to the spec level "error"', () => {
    const { logger, lines } = collect();
    logger.warn('w');
    logger.error('e');
    expect(lines).toEqual(['error [portico] e']);
  });

  it.each([
    ['debug', ['debug', 'info', 'warn', 'error']],
    ['info', ['info', 'warn', 'error']],
    ['warn', ['warn', 'error']],
    ['error', ['error']],
    ['silent', []],
  ] as const)('at %s writes %j', (level, expected) => {
    const { logger, lines } = collect(level);
    logger.debug('m');
    logger.info('m');
    logger.warn('m');
    logger.error('m');
    expect(lines.map((l) => l.split(' ')[0])).toEqual(expected);
  });

  it('passes extra data and prefixes child scopes', () => {
    const { logger, lines } = collect('info');
    logger.child('acme').child('sub').info('hello', { a: 1 });
    expect(lines).toEqual(['info [portico:acme:sub] hello [{"a":1}]']);
  });
});
