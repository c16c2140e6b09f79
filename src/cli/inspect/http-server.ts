/**
 * The inspector's HTTP server, on 127.0.0.1: the page (built into dist/inspector/), the page's
 * commands (`POST /api/<command>`) and its event stream (`GET /api/events`). Secure by default,
 * because a web page of any site can send requests to a loopback port:
 * - the page itself and every `/api` request need the launch's token (in `?token=` for the
 *   page, in `authorization: Bearer` for the API), compared in constant time;
 * - `Host` must be this port on a loopback name (no DNS rebinding), and `Origin`, when sent,
 *   this very origin; a `POST` must be JSON and not come from another site (`Sec-Fetch-Site`);
 * - no CORS header is ever sent, and the page is served under a strict Content Security Policy.
 * The page's own script and stylesheet are served without the token: they are the package's
 * public files, and hold nothing of the session.
 * @module
 */
import { timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { hostOriginRejection } from 'mcpkit/http';
import { CommandRefused, type Inspector } from './inspector.js';

export interface InspectorServerOptions {
  token: string;
  /** The port on 127.0.0.1; 0 picks a free one. */
  port: number;
  /** Where the built page is: dist/inspector/. */
  pageDir: string;
  /** The largest command body, in bytes. Default 4 MiB. */
  maxBodyBytes?: number;
}

export interface InspectorServer {
  /** `http://127.0.0.1:<port>/?token=...`: the page, with its token. */
  readonly url: string;
  readonly origin: string;
  close(): Promise<void>;
}

const HEARTBEAT_MS = 15_000;

export async function serveInspector(inspector: Inspector, options: InspectorServerOptions): Promise<InspectorServer> {
  const files = pageFiles(options.pageDir);
  const token = Buffer.from(options.token);
  const streams = new Set<ServerResponse>();
  let origin = '';
  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent)
        json(res, 500, { error: { message: error instanceof Error ? error.message : String(error) } });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const port = (server.address() as AddressInfo).port;
    const rejection = hostOriginRejection(
      { header: (name) => single(req.headers[name]) },
      { allowedHosts: [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`], allowedOrigins: [origin] },
    );
    if (rejection !== undefined) return json(res, 403, { error: { message: rejection } });
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname === '/favicon.ico') return void res.writeHead(204).end();
    const file = files.get(url.pathname);
    if (req.method === 'GET' && file !== undefined && url.pathname !== '/') {
      return void res.writeHead(200, { 'content-type': file.type, 'x-content-type-options': 'nosniff' }).end(file.body);
    }
    if (url.pathname === '/') {
      if (!allowed(url.searchParams.get('token')))
        return text(res, 401, 'Open the URL mcpkit inspect printed: it holds the token.');
      return void res.writeHead(200, PAGE_HEADERS).end(files.get('/')!.body);
    }
    if (!url.pathname.startsWith('/api/')) return text(res, 404, 'Not found');
    const bearer = /^Bearer (.+)$/.exec(single(req.headers.authorization) ?? '')?.[1];
    if (!allowed(bearer)) return json(res, 401, { error: { message: 'the inspector’s token is missing or wrong' } });
    if (url.pathname === '/api/events' && req.method === 'GET') return events(res);
    if (req.method !== 'POST') return json(res, 405, { error: { message: 'commands are POSTed' } });
    const site = single(req.headers['sec-fetch-site']);
    if (site !== undefined && site !== 'same-origin' && site !== 'none')
      return json(res, 403, { error: { message: `a request from another site (${site})` } });
    if (!/^application\/json\b/.test(single(req.headers['content-type']) ?? '')) {
      return json(res, 415, { error: { message: 'commands are JSON (content-type: application/json)' } });
    }
    const body = await readBody(req, options.maxBodyBytes ?? 4 * 1024 * 1024);
    if (body === undefined)
      return json(res, 400, { error: { message: 'the body is not a JSON object, or too large' } });
    try {
      json(res, 200, { result: await inspector.run(url.pathname.slice('/api/'.length), body) });
    } catch (error) {
      const status = error instanceof CommandRefused ? 400 : 502;
      const { message, code, data } = error as { message?: string; code?: unknown; data?: unknown };
      json(res, status, {
        error: {
          message: message ?? String(error),
          ...(typeof code === 'number' && { code }),
          ...(data !== undefined && { data }),
        },
      });
    }
  }

  function allowed(given: string | null | undefined): boolean {
    if (given === null || given === undefined) return false;
    const bytes = Buffer.from(given);
    return bytes.length === token.length && timingSafeEqual(bytes, token);
  }

  function events(res: ServerResponse): void {
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    res.write(': ready\n\n');
    streams.add(res);
    const stop = inspector.listen((event) => res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`));
    const heartbeat = setInterval(() => res.write(': still here\n\n'), HEARTBEAT_MS);
    res.on('close', () => {
      stop();
      clearInterval(heartbeat);
      streams.delete(res);
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/?token=${encodeURIComponent(options.token)}`,
    origin,
    close: async () => {
      for (const stream of streams) stream.end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The page's headers: a policy that lets it load its own files and talk to this server only. */
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "connect-src 'self'",
    'frame-src http://127.0.0.1:*',
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** The built page's files, read once, by path. */
function pageFiles(dir: string): Map<string, { type: string; body: Buffer }> {
  const files = new Map<string, { type: string; body: Buffer }>();
  for (const name of ['index.html', 'page.js', 'page.css']) {
    const body = readFileSync(join(dir, name));
    files.set(name === 'index.html' ? '/' : `/${name}`, { type: TYPES[name.slice(name.lastIndexOf('.'))]!, body });
  }
  return files;
}

async function readBody(req: IncomingMessage, limit: number): Promise<Record<string, unknown> | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return undefined;
    chunks.push(chunk);
  }
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function json(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(value));
}

function text(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(`${body}\n`);
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
