import { and, eq, lte, or, lt, sql } from 'drizzle-orm';
import type { AuthDatabase } from './db/openDatabase';
import { rateLimits } from './db/schema';

/** A counter refused: how long until its window ends. */
export interface RateLimited {
  readonly retryAfterSeconds: number;
}

/**
 * Fixed-window counters in the database (`rate_limits`), so every instance of the service counts
 * the same: `take` adds one to `key` unless it is at `limit` within its window (one atomic
 * statement: parallel requests share the limit), `refund` gives one back (a passcode that was
 * right is not a wrong attempt).
 */
export function createRateLimits(db: AuthDatabase, now: () => number) {
  return {
    async take(key: string, limit: number, windowMs: number): Promise<RateLimited | undefined> {
      const at = new Date(now());
      const expired = new Date(now() - windowMs);
      const [row] = await db
        .insert(rateLimits)
        .values({ key, windowStart: at, count: 1 })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.windowStart} <= ${expired} then 1 else ${rateLimits.count} + 1 end`,
            windowStart: sql`case when ${rateLimits.windowStart} <= ${expired} then ${at} else ${rateLimits.windowStart} end`,
          },
          setWhere: or(lte(rateLimits.windowStart, expired), lt(rateLimits.count, limit)),
        })
        .returning({ count: rateLimits.count });
      if (row) return undefined;
      const [held] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
      const ends = (held?.windowStart.getTime() ?? now()) + windowMs;
      return { retryAfterSeconds: Math.max(1, Math.ceil((ends - now()) / 1000)) };
    },
    async refund(key: string): Promise<void> {
      await db
        .update(rateLimits)
        .set({ count: sql`${rateLimits.count} - 1` })
        .where(and(eq(rateLimits.key, key), sql`${rateLimits.count} > 0`));
    },
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
