/**
 * `serveSandbox`: the sandbox proxy of MCP App views on a loopback port of its own, which is an
 * origin of its own: what a web host in development (or a desktop app with a web view) frames
 * its views through. It serves only the proxy page (`sandboxResponse`), only to loopback names
 * (the Host check stops DNS rebinding), and only for the host origins it is given.
 * @module
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sandboxResponse, type SandboxOptions } from '../app-host/sandbox.js';
import { hostOriginRejection } from '../http/server/host-origin-check.js';

/** The options of the sandbox proxy page served on a port of its own. */
export interface SandboxServerOptions extends SandboxOptions {
  /** The port on 127.0.0.1; 0 (the default) lets the system pick a free one. */
  port?: number;
}

/** A sandbox listening on 127.0.0.1. */
export interface SandboxServer {
  /** The proxy page's URL, `http://127.0.0.1:<port>/`: give it to `renderView` as `sandbox`. */
  readonly url: string;
  /** The port it listens on. */
  readonly port: number;
  /** Stops listening; resolves once the port is free. */
  close(): Promise<void>;
}

/** Serves the sandbox proxy page on 127.0.0.1 for the pages of `hostOrigins`. */
export async function serveSandbox(options: SandboxServerOptions): Promise<SandboxServer> {
  const server = createServer((req, res) => {
    const rejection = hostOriginRejection({ header: (name) => single(req.headers[name]) });
    if (rejection !== undefined) {
      res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end(`${rejection}\n`);
      return;
    }
    const request = new Request(new URL(req.url ?? '/', 'http://127.0.0.1'), { method: req.method });
    const response = sandboxResponse(request, options);
    void response.text().then((body) => {
      res.writeHead(response.status, Object.fromEntries(response.headers)).end(body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
