/**
 * A load balancer for the example, on 127.0.0.1: every request (not every connection) goes to
 * the next process in turn, as a round-robin nginx does, and bodies stream both ways (event
 * streams included). Nothing pins a client to a process: the fleet does not need it.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Starts the balancer in front of `backends` (`http://host:port` each); resolves with its URL. */
export async function startBalancer(backends: readonly string[]): Promise<{ url: string; server: Server }> {
  let next = 0;
  const server = createServer((req, res) => {
    const backend = new URL(backends[next++ % backends.length]!);
    const upstream = request(
      { host: backend.hostname, port: backend.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    res.on('close', () => upstream.destroy()); // the client left: so does the backend's request
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, server };
}
