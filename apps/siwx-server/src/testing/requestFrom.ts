import { request, type IncomingHttpHeaders } from 'node:http';

/** Options of `requestFrom`. */
export interface RequestFromOptions {
  /** The local address the connection comes from (any of 127.0.0.0/8 works on Linux). */
  from: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** An answer read by `requestFrom`: status, headers and the parsed JSON body (if any). */
export interface RequestFromAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/**
 * An HTTP request to a test server over a new connection from a chosen loopback address, so
 * the server sees distinct clients by their real socket address.
 */
export function requestFrom(url: string, { from, method = 'GET', headers = {}, body }: RequestFromOptions): Promise<RequestFromAnswer> {
  return new Promise((resolve, reject) => {
    const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const outgoing = request(url, { method, headers: { ...length, ...headers }, localAddress: from, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('error', reject);
      response.once('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: response.statusCode!, headers: response.headers, body: text ? (JSON.parse(text) as unknown) : undefined });
      });
    });
    outgoing.once('error', reject);
    outgoing.end(body);
  });
}
