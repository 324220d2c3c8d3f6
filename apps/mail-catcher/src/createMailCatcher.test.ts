import { createConnection } from 'node:net';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMailCatcher, type CaughtMail, type MailCatcher } from './createMailCatcher';

let catcher: MailCatcher;
beforeAll(async () => {
  catcher = await startMailCatcher({ allowedOrigins: ['http://127.0.0.1:5173'], maxMails: 5, maxMessageBytes: 64 * 1024 });
});
afterAll(async () => catcher?.stop());
beforeEach(async () => {
  expect((await fetch(`${catcher.url}/messages`, { method: 'DELETE' })).status).toBe(204);
});

const transport = () => nodemailer.createTransport({ host: catcher.smtpHost, port: catcher.smtpPort, secure: false, ignoreTLS: true });
const get = async <T>(path: string, init?: RequestInit) => {
  const response = await fetch(`${catcher.url}${path}`, init);
  return { status: response.status, body: (response.status === 204 ? undefined : await response.json()) as T, headers: response.headers };
};

describe('mail catcher (SMTP and HTTP on 127.0.0.1)', () => {
  it('catches what nodemailer sends and gives the latest mail for an address, text and HTML', async () => {
    await transport().sendMail({ from: 'Portico <no-reply@portico.test>', to: 'Ada@Example.com', subject: 'Your code', text: 'Your code is 123456', html: '<p>Your code is <b>123456</b></p>' });
    await transport().sendMail({ from: 'no-reply@portico.test', to: 'ada@example.com, bob@example.com', subject: 'Second', text: 'second' });
    const latest = await get<CaughtMail>('/messages/latest?to=ada@example.com');
    expect(latest.status).toBe(200);
    expect(latest.body).toMatchObject({ from: 'no-reply@portico.test', to: ['ada@example.com', 'bob@example.com'], subject: 'Second', text: 'second\n' });
    const all = await get<{ messages: CaughtMail[] }>('/messages?to=ADA@example.com');
    expect(all.body.messages.map((m) => m.subject)).toEqual(['Second', 'Your code']);
    expect(all.body.messages[1]).toMatchObject({ text: 'Your code is 123456\n', html: '<p>Your code is <b>123456</b></p>\n' });
    expect((await get<{ messages: CaughtMail[] }>('/messages?to=bob@example.com')).body.messages).toHaveLength(1);
    expect(catcher.mails('ada@example.com')).toEqual(all.body.messages);
  });

  it('keeps the newest maxMails mails', async () => {
    for (let i = 1; i <= 7; i++) await transport().sendMail({ from: 'a@portico.test', to: 'cap@example.com', subject: `#${i}`, text: String(i) });
    expect(catcher.mails().map((m) => m.subject)).toEqual(['#7', '#6', '#5', '#4', '#3']);
  });

  it('answers bad input with a 4xx and the reason', async () => {
    expect(await get('/messages/latest?to=nobody@example.com')).toMatchObject({ status: 404, body: { error: 'No mail for nobody@example.com' } });
    expect(await get('/messages/latest')).toMatchObject({ status: 400, body: { error: '"to" is required: /messages/latest?to=ADDRESS' } });
    expect(await get('/messages?to=not-an-address')).toMatchObject({ status: 400, body: { error: '"to" must be an e-mail address, not "not-an-address"' } });
    expect((await get('/messages', { method: 'POST' })).status).toBe(405);
    expect((await get('/elsewhere')).status).toBe(404);
  });

  it('CORS: an allowed origin is echoed, any other refused with 403', async () => {
    const ok = await get('/messages', { headers: { origin: 'http://127.0.0.1:5173' } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(await get('/messages', { headers: { origin: 'https://evil.example' } })).toMatchObject({ status: 403, body: { error: 'Origin not allowed' } });
  });

  it('refuses a message over the size limit (SMTP 552) and keeps nothing of it', async () => {
    await expect(transport().sendMail({ from: 'a@portico.test', to: 'big@example.com', subject: 'big', text: 'x'.repeat(100 * 1024) })).rejects.toMatchObject({ responseCode: 552 });
    expect(catcher.mails('big@example.com')).toEqual([]);
  });

  it('survives a client that speaks nonsense, and still catches the next mail', async () => {
    await new Promise<void>((resolve) => {
      const socket = createConnection(catcher.smtpPort, '127.0.0.1', () => socket.write('HELLO THERE\r\nDATA\r\n\u0000\u0001garbage\r\n'));
      socket.on('data', () => socket.end());
      socket.on('close', () => resolve());
    });
    await transport().sendMail({ from: 'a@portico.test', to: 'after@example.com', subject: 'after', text: 'ok' });
    expect(catcher.mails('after@example.com')).toHaveLength(1);
  });
});
