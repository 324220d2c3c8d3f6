/** One load run: each task's milliseconds and the wall time in seconds. */
export interface LoadRun {
  latencies: number[];
  seconds: number;
}

/** Runs `task(i)` for i < total with `concurrency` at a time. */
export function load(total: number, concurrency: number, task: (i: number) => Promise<void>): Promise<LoadRun>;

/** The p-th percentile of `values`. */
export function percentile(values: readonly number[], p: number): number;

/** The auth service at `authUrl` (one instance or a proxy) under load: timed passcode requests, then timed logins (project `bench`). */
export function loadAuthService(options: { authUrl: string; mailUrl: string; hostOrigin: string; logins: number; concurrency: number }): Promise<{ requests: LoadRun; verified: LoadRun }>;
