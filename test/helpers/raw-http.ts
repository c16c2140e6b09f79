// HTTP/1.1 requests written byte for byte on a `node:net` socket: headers repeated, or a Host
// that names another server, exactly as a hostile client sends them (an HTTP client would merge
// or refuse them), and the response read back as it came.
import { connect } from 'node:net';
import { within } from './e2e.js';

/** A response as received: its status, every header by lower-case name (repeats kept), its body. */
export interface RawResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, readonly string[]>>;
  readonly body: string;
}

/**
 * The text of a request: `headers` in order, repeats included, then `body` with its length.
 * Without `body`, no `Content-Length` is added: pass one in `headers` to announce a body that
 * never comes.
 */
export function rawHttpRequest(
  method: string,
  path: string,
  headers: readonly (readonly [string, string])[],
  body?: string,
): string {
  const lines = [`${method} ${path} HTTP/1.1`, ...headers.map(([name, value]) => `${name}: ${value}`)];
  if (body !== undefined) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return `${lines.join('\r\n')}\r\n\r\n${body ?? ''}`;
}

/**
 * Sends `request` to 127.0.0.1:`port` and resolves with the response once it is complete (its
 * length, or the last chunk, has arrived), without waiting for the rest of a request the server
 * never read. Fails after `ms`.
 */
export function sendRaw(port: number, request: string, ms = 5000): Promise<RawResponse> {
  const socket = connect(port, '127.0.0.1');
  const response = new Promise<RawResponse>((resolve, reject) => {
    let received = Buffer.alloc(0);
    const settle = (ended: boolean): void => {
      const parsed = parseResponse(received, ended);
      if (parsed === undefined) return;
      socket.destroy();
      resolve(parsed);
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      settle(false);
    });
    socket.once('end', () => {
      settle(true);
      reject(new Error(`the connection ended before a whole response: ${received.toString('latin1')}`));
    });
    socket.once('error', reject);
  });
  socket.write(request);
  return within(response, ms, `the answer to ${request.split('\r\n', 1)[0]}`).finally(() => socket.destroy());
}

/** The response in `bytes`, or `undefined` while it is incomplete. */
function parseResponse(bytes: Buffer, ended: boolean): RawResponse | undefined {
  const headEnd = bytes.indexOf('\r\n\r\n');
  if (headEnd === -1) return undefined;
  const [statusLine = '', ...lines] = bytes.subarray(0, headEnd).toString('latin1').split('\r\n');
  const headers: Record<string, string[]> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    (headers[name] ??= []).push(line.slice(colon + 1).trim());
  }
  const status = Number(statusLine.split(' ')[1]);
  const rest = bytes.subarray(headEnd + 4);
  const length = headers['content-length']?.[0];
  let body: Buffer | undefined;
  if (length !== undefined) body = rest.length >= Number(length) ? rest.subarray(0, Number(length)) : undefined;
  else if (headers['transfer-encoding']?.[0] === 'chunked') body = dechunked(rest);
  else body = ended ? rest : undefined;
  return body && { status, headers, body: body.toString('utf8') };
}

/** A chunked body, or `undefined` until its last chunk has arrived. */
function dechunked(bytes: Buffer): Buffer | undefined {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', at);
    if (lineEnd === -1) return undefined;
    const size = parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16);
    if (size === 0) return Buffer.concat(parts);
    if (bytes.length < lineEnd + 2 + size + 2) return undefined;
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}
