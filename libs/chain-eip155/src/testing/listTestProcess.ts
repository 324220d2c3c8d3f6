import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Lists `pid` in the run's PID registry (`PORTICO_PID_DIR`, set by `npm test`), so the run stops
 * it after the step even when the suite that started it fails before `stop()`. Returns the
 * unlisting. Best effort: the registry is a safety net, its absence never fails a start.
 */
export function listTestProcess(pid: number | undefined, name: string): () => void {
  const dir = process.env.PORTICO_PID_DIR;
  if (!dir || pid === undefined) return () => undefined;
  const file = join(dir, String(pid));
  try {
    writeFileSync(file, JSON.stringify({ name }));
  } catch {
    return () => undefined;
  }
  return () => rmSync(file, { force: true });
}
