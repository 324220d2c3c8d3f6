/** Log levels, quietest last. The spec's default is `error`. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

/** Where log lines go; defaults to the console. */
export type LogSink = (level: Exclude<LogLevel, 'silent'>, message: string, data: readonly unknown[]) => void;

/** A levelled logger; `child(scope)` prefixes messages with the scope (a plugin id). */
export interface Logger {
  debug(message: string, ...data: unknown[]): void;
  info(message: string, ...data: unknown[]): void;
  warn(message: string, ...data: unknown[]): void;
  error(message: string, ...data: unknown[]): void;
  child(scope: string): Logger;
}

const RANK: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3, silent: 4 };

const consoleSink: LogSink = (level, message, data) => {
  console[level](message, ...data);
};

/** Creates a logger that drops lines below `level`. */
export function createLogger(level: LogLevel = 'error', sink: LogSink = consoleSink, scope = 'portico'): Logger {
  const write = (at: Exclude<LogLevel, 'silent'>) => (message: string, ...data: unknown[]) => {
    if (RANK[at] >= RANK[level]) sink(at, `[${scope}] ${message}`, data);
  };
  return {
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    child: (child) => createLogger(level, sink, `${scope}:${child}`),
  };
}
