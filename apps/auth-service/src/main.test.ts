import { startMailCatcher, type MailCatcher } from '@portico/mail-catcher';
import { startAuthService } from '@portico/tools/services';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_ORIGIN_HEADER, PROJECT_HEADER } from './createAuthService';

let catcher: MailCatcher;
let dataDir: string;
beforeAll(async () => {
  catcher = await startMailCatcher();
  dataDir = mkdtempSync(join(tmpdir(), 'portico-auth-main-'));
});
afterAll(async () => {
  await catcher?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('auth-service as a process (main.ts)', () => {
  it('starts on PGlite in its data folder, mails the device link through SMTP, and stops by its process group', async () => {
    const service = await startAuthService({ smtpPort: catcher.smtpPort, projects: { playground: ['http://127.0.0.1:5173'] }, frameOrigins: ['http://127.0.0.1:4500'], dataDir });
    try {
      const response = await fetch(`${service.url}/v1/email/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [PROJECT_HEADER]: 'playground', [HOST_ORIGIN_HEADER]: 'http://127.0.0.1:5173' },
        body: JSON.stringify({ email: 'main@example.com', deviceId: 'device-0123456789abcdef' }),
      });
      expect(await response.json()).toMatchObject({ step: 'device' });
      const link = /(http:\/\/127\.0\.0\.1:\d+\/device\/confirm\?token=[A-Za-z0-9_-]{43})/.exec(catcher.mails('main@example.com')[0]!.text)?.[1];
      expect(link?.startsWith(service.url)).toBe(true);
    } finally {
      await service.stop();
    }
    expect(() => process.kill(service.pid, 0)).toThrow();
  });

  it('a configuration mistake ends it at once with exit code 2 and the reason', () => {
    const result = spawnSync(process.execPath, [join(import.meta.dirname, '../../../node_modules/tsx/dist/cli.mjs'), 'src/main.ts'], {
      cwd: join(import.meta.dirname, '..'),
      env: { ...process.env, AUTH_SMTP_PORT: '2525', AUTH_FRAME_ORIGINS: '', AUTH_DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('auth-service: AUTH_FRAME_ORIGINS must name the wallet frame’s origin(s)');
  });
});
