import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/** One caught mail, as the HTTP API gives it. */
export interface CaughtMail {
  readonly id: number;
  readonly from: string;
  /** Every envelope recipient, lower case. */
  readonly to: readonly string[];
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  /** ISO 8601. */
  readonly receivedAt: string;
}

/** Options of `startMailCatcher`. */
export interface MailCatcherOptions {
  /** SMTP port on 127.0.0.1 (default 0: a free one). */
  smtpPort?: number;
  /** HTTP API port on 127.0.0.1 (default 0: a free one). */
  httpPort?: number;
  /** Browser origins allowed to read the API by CORS (the playground shows caught mails). */
  allowedOrigins?: readonly string[];
  /** Mails kept at most; the oldest go first. Default 500. */
  maxMails?: number;
  /** Largest message accepted, in bytes (SMTP SIZE). Default 1 MiB. */
  maxMessageBytes?: number;
}

/** A running catcher: where to send mail, where to read it, and its mails in memory. */
export interface MailCatcher {
  /** The HTTP API, `http://127.0.0.1:PORT`. */
  readonly url: string;
  readonly smtpHost: '127.0.0.1';
  readonly smtpPort: number;
  /** Mails sent to `address` (any recipient when omitted), newest first. */
  mails(address?: string): CaughtMail[];
  stop(): Promise<void>;
}

/** Something like an e-mail address: what the API accepts in `?to=`. */
const ADDRESS = /^[^\s@<>()",;:]{1,64}@[^\s@<>()",;:]{1,255}$/;

/**
 * Starts the SMTP catcher on 127.0.0.1: an SMTP server (no TLS, authentication optional) that
 * parses each message with postal-mime and keeps it in memory, and an HTTP API:
 * `GET /messages?to=ADDRESS` (newest first), `GET /messages/latest?to=ADDRESS` (404 when none)
 * and `DELETE /messages`. Bad input gets a 400 with the reason; a message over the size limit
 * is refused by SMTP (552).
 */
export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const maxMails = options.maxMails ?? 500;
  const maxBytes = options.maxMessageBytes ?? 1024 * 1024;
  const allowed = new Set(options.allowedOrigins ?? []);
  const caught: CaughtMail[] = [];
  let nextId = 1;

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    banner: 'Portico mail catcher',
    size: maxBytes,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= maxBytes) chunks.push(chunk);
      });
      stream.on('error', (error) => callback(error));
      stream.on('end', () => {
        if (stream.sizeExceeded || size > maxBytes) return callback(Object.assign(new Error(`Message exceeds the ${maxBytes}-byte limit`), { responseCode: 552 }));
        void PostalMime.parse(Buffer.concat(chunks)).then(
          (email) => {
            caught.push({
              id: nextId++,
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : (email.from?.address ?? ''),
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              subject: email.subject ?? '',
              text: email.text ?? '',
              ...(email.html ? { html: email.html } : {}),
              receivedAt: new Date().toISOString(),
            });
            while (caught.length > maxMails) caught.shift();
            callback();
          },
          (error: unknown) => callback(Object.assign(new Error(`Unreadable message: ${error instanceof Error ? error.message : String(error)}`), { responseCode: 554 })),
        );
      });
    },
  });

  const mails = (address?: string) => {
    const wanted = address?.toLowerCase();
    return caught.filter((m) => wanted === undefined || m.to.includes(wanted)).reverse();
  };

  const send = (response: ServerResponse, status: number, body?: unknown) => {
    response.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
    response.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!allowed.has(origin)) return send(response, 403, { error: 'Origin not allowed' });
      response.setHeader('access-control-allow-origin', origin);
      response.setHeader('vary', 'Origin');
      if (request.method === 'OPTIONS') {
        response.writeHead(204, { 'access-control-allow-methods': 'GET, DELETE', 'access-control-max-age': '600' });
        return void response.end();
      }
    }
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const route = `${request.method} ${url.pathname}`;
    const to = url.searchParams.get('to') ?? undefined;
    if ((route === 'GET /messages' || route === 'GET /messages/latest') && to !== undefined && !ADDRESS.test(to)) {
      return send(response, 400, { error: `"to" must be an e-mail address, not ${JSON.stringify(to.slice(0, 80))}` });
    }
    switch (route) {
      case 'GET /messages':
        return send(response, 200, { messages: mails(to) });
      case 'GET /messages/latest': {
        if (to === undefined) return send(response, 400, { error: '"to" is required: /messages/latest?to=ADDRESS' });
        const [latest] = mails(to);
        return latest ? send(response, 200, latest) : send(response, 404, { error: `No mail for ${to}` });
      }
      case 'DELETE /messages':
        caught.length = 0;
        return send(response, 204);
      default:
        return send(response, url.pathname === '/messages' || url.pathname === '/messages/latest' ? 405 : 404, { error: `No route for ${route}` });
    }
  };
  const http: Server = createServer(handle);

  const listen = (server: { listen(port: number, host: string, cb: () => void): unknown; once(event: 'error', cb: (e: Error) => void): unknown }, port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  await listen(smtp.server, options.smtpPort ?? 0);
  try {
    await listen(http, options.httpPort ?? 0);
  } catch (error) {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    throw error;
  }
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const httpPort = (http.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${httpPort}`,
    smtpHost: '127.0.0.1',
    smtpPort,
    mails,
    async stop() {
      http.closeAllConnections();
      await Promise.all([new Promise<void>((resolve) => http.close(() => resolve())), new Promise<void>((resolve) => smtp.close(() => resolve()))]);
    },
  };
}
