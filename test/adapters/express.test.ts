// mcpkit/express: the shared adapter suite on a real Express 5 app, and the ways Express users
// mount middleware (`app.use` at the root or at a path, `app.all`).
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { mcpRouter, type McpRouter } from '../../src/express/index.js';
import { Client } from '../../src/client/index.js';
import { connectHttp } from '../../src/http/index.js';
import { Server } from '../../src/server/index.js';
import { adapterSuite, type AdapterApp } from '../helpers/adapter-suite.js';
import { within } from '../helpers/e2e.js';

/** Listens with `app` on 127.0.0.1 and a free port; `close` also ends the router's sessions. */
async function listening(app: express.Express, router: McpRouter): Promise<AdapterApp> {
  const http = app.listen(0, '127.0.0.1');
  await once(http, 'listening');
  return {
    origin: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    close: async () => {
      await router.close();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}

adapterSuite(
  'Express',
  async (server, options, parseBody) => {
    const app = express();
    if (parseBody) app.use(express.json());
    const router = mcpRouter(server, options);
    app.use(router);
    app.get('/health', (_req, res) => void res.type('text/plain').send('ok'));
    // express.json()'s refusals answered quietly (Express's own handler logs each to stderr).
    app.use((error: { status?: number }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.status(error.status ?? 500).json({ error: 'refused' });
    });
    return listening(app, router);
  },
  // express.json() answers a body that is not JSON with its own 400.
  { answersBadJson: true },
);

describe('mcpRouter, mounted the ways Express apps mount middleware', () => {
  const apps: AdapterApp[] = [];
  after(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  const mounts: [string, (app: express.Express, router: McpRouter) => void][] = [
    ["app.use('/mcp', router)", (app, router) => app.use('/mcp', router)],
    ["app.all('/mcp', router)", (app, router) => app.all('/mcp', router)],
    ["app.use('/api', router) with path '/api/mcp'", (app, router) => app.use('/api', router)],
  ];
  for (const [how, mount] of mounts) {
    it(`serves a tool call through ${how}`, async () => {
      const server = new Server({ name: 'mounted', version: '1' });
      server.tool('echo', {}, (args) => ({ content: [{ type: 'text', text: String(args.text) }] }));
      const path = how.includes('/api') ? '/api/mcp' : '/mcp';
      const router = mcpRouter(server, { path });
      const app = express();
      mount(app, router);
      const listened = await listening(app, router);
      apps.push(listened);
      const { session } = await within(
        connectHttp(new Client({ name: 'c', version: '1' }), `${listened.origin}${path}`, { eraCache: false }),
        15_000,
        'connect',
      );
      try {
        const result = await session.callTool({ name: 'echo', arguments: { text: how } });
        assert.deepEqual(result.content, [{ type: 'text', text: how }]);
      } finally {
        await session.close();
      }
      // A path below the mount is not the endpoint: Express answers it.
      assert.equal((await fetch(`${listened.origin}${path}/other`)).status, 404);
    });
  }
});
