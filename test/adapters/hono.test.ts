// mcpkit/hono: the shared adapter suite on a real Hono app, served on Node by @hono/node-server.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Server as NodeHttpServer } from 'node:http';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { mcpMiddleware } from '../../src/hono/index.js';
import { adapterSuite } from '../helpers/adapter-suite.js';

adapterSuite(
  'Hono',
  async (server, options, parseBody) => {
    const app = new Hono();
    if (parseBody) {
      // What a validator does: the body read, as JSON, before the endpoint sees it.
      app.use(options.path ?? '/mcp', async (c, next) => {
        if (c.req.method === 'POST') {
          try {
            await c.req.json();
          } catch {
            return c.json({ error: 'not JSON' }, 400);
          }
        }
        await next();
      });
    }
    const middleware = mcpMiddleware(server, options);
    app.use(middleware);
    app.get('/health', (c) => c.text('ok'));
    const http = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as NodeHttpServer;
    if (!http.listening) await once(http, 'listening');
    return {
      origin: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
      close: async () => {
        await middleware.close();
        http.closeAllConnections();
        await new Promise((resolve) => http.close(resolve));
      },
    };
  },
  { answersBadJson: true },
);
