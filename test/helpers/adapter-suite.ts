// One suite run against each framework adapter (Express, Hono, Fastify): the app listens on a
// real socket and mcpkit's own client, a raw socket and the official SDK's client drive it, in
// both eras, with the framework's body parsing in front of the endpoint and without.
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { Client as SdkClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as SdkStreamableTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client } from '../../src/client/index.js';
import { connectHttp, type StreamableHttpClientTransport, type MountOptions } from '../../src/http/index.js';
import { Server } from '../../src/server/index.js';
import type { AuthInfo, TokenVerifier } from '../../src/auth/index.js';
import { within } from './e2e.js';
import { rawHttpRequest, sendRaw } from './raw-http.js';
import { modernEnvelope, modernHeaders } from './modern-post.js';

/** An app of the framework under test, listening on 127.0.0.1. */
export interface AdapterApp {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  close(): Promise<void>;
}

/**
 * Starts an app serving `server` through the adapter with `options`. With `parseBody`, the
 * app's own body parsing runs before the endpoint on the MCP path (Express's `express.json()`,
 * Hono middleware reading `c.req.json()`, Fastify's default parsers), and answers a body that
 * is not JSON itself when `answersBadJson` says so. The app also serves `GET /health` itself.
 */
export type StartApp = (server: Server, options: MountOptions, parseBody: boolean) => Promise<AdapterApp>;

export interface AdapterSuiteOptions {
  /** Whether the framework's own parser answers a body that is not JSON, when `parseBody` is on. */
  readonly answersBadJson: boolean;
}

const LIMIT = 15_000;
const clientInfo = { name: 'adapter-suite', version: '1' };
const RESOURCE = 'https://mcp.example.com/mcp';
const TOKEN = 'the-one-token';

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

function makeServer(): Server {
  const server = new Server({ name: 'adapted', version: '1' });
  server.tool('echo', {}, (args) => text(String(args.text ?? '')));
  server.tool('progress', {}, async (args, ctx) => {
    const n = Number(args.n ?? 3);
    for (let i = 1; i <= n; i++) await ctx.progress(i, n);
    return text(`reported ${n}`);
  });
  server.tool('whoami', {}, (_args, ctx) => text(ctx.auth?.subject ?? 'nobody'));
  return server;
}

/** Accepts one token, for `alice`. */
const verifier: TokenVerifier = (token) =>
  token === TOKEN
    ? ({
        issuer: 'https://as.example.com',
        subject: 'alice',
        clientId: 'suite',
        scopes: [],
        audience: [RESOURCE],
        expiresAt: undefined,
        claims: {},
      } satisfies AuthInfo)
    : undefined;

function firstText(result: object): string {
  const [first] = ((result as { content?: unknown }).content ?? []) as { text?: string }[];
  return first?.text ?? '';
}

/** A whole 2026-07-28 request: `tools/list`. */
const LIST = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/list',
  params: { _meta: modernEnvelope('suite') },
});

/** A 2026-07-28 POST of `body` to `url`, headed as a `tools/list`. */
function post(url: string, body: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { ...modernHeaders('tools/list'), ...headers }, body });
}

export function adapterSuite(name: string, start: StartApp, suite: AdapterSuiteOptions): void {
  const apps: AdapterApp[] = [];
  const serve = async (options: MountOptions = {}, parseBody = false, server = makeServer()) => {
    const app = await start(server, options, parseBody);
    apps.push(app);
    return { app, server, url: `${app.origin}${options.path ?? '/mcp'}` };
  };
  after(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  for (const parseBody of [false, true]) {
    const parsing = parseBody ? 'behind the framework body parsing' : 'reading the body itself';
    describe(`${name}, ${parsing}`, () => {
      it('serves a 2025-11-25 session: a tool, progress over SSE, the GET stream, then DELETE', async () => {
        const { url, server } = await serve({}, parseBody);
        const { session, kind, transport } = await within(
          connectHttp(new Client(clientInfo), url, { protocolVersion: '2025-11-25', eraCache: false }),
          LIMIT,
          'connect',
        );
        assert.equal(kind, 'streamable-http');
        assert.equal(session.protocolVersion, '2025-11-25');
        const sessionId = (transport as StreamableHttpClientTransport).sessionId;
        assert.ok(sessionId);
        assert.equal(firstText(await session.callTool({ name: 'echo', arguments: { text: 'hi' } })), 'hi');
        const seen: number[] = [];
        const done = await session.callTool(
          { name: 'progress', arguments: { n: 3 } },
          { onprogress: (p) => seen.push(p.progress) },
        );
        assert.equal(firstText(done), 'reported 3');
        assert.deepEqual(seen, [1, 2, 3]);
        // A notification of no request reaches the client on its GET stream.
        const changed = new Promise<void>((resolve) => session.on('toolsListChanged', () => resolve()));
        server.tool('late', {}, () => text('late'));
        await within(changed, LIMIT, 'tools/list_changed on the GET stream');
        await session.close();
        // The DELETE ended the session: its id is unknown from then on.
        const gone = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-session-id': sessionId,
            'mcp-protocol-version': '2025-11-25',
          },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
        });
        assert.equal(gone.status, 404);
      });

      it('serves a 2026-07-28 call with no session', async () => {
        const { url } = await serve({}, parseBody);
        const { session } = await within(
          connectHttp(new Client(clientInfo), url, { eraCache: false }),
          LIMIT,
          'connect',
        );
        try {
          assert.equal(session.protocolVersion, '2026-07-28');
          assert.equal(firstText(await session.callTool({ name: 'echo', arguments: { text: 'now' } })), 'now');
          const seen: number[] = [];
          await session.callTool(
            { name: 'progress', arguments: { n: 2 } },
            { onprogress: (p) => seen.push(p.progress) },
          );
          assert.deepEqual(seen, [1, 2]);
        } finally {
          await session.close();
        }
      });

      it('answers a body that is not JSON, and keeps serving', async () => {
        const { url } = await serve({}, parseBody);
        const response = await post(url, '{"jsonrpc":"2.0",');
        assert.equal(response.status, 400);
        if (!(parseBody && suite.answersBadJson)) {
          const body = (await response.json()) as { error?: { code?: number } };
          assert.equal(body.error?.code, -32700);
        }
        const ping = await post(url, LIST);
        assert.equal(ping.status, 200);
      });

      it('refuses a body over maxBodyBytes with 413', async () => {
        const { url } = await serve({ maxBodyBytes: 1000 }, parseBody);
        const big = JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/list',
          params: { _meta: modernEnvelope('suite'), pad: 'x'.repeat(5000) },
        });
        const response = await post(url, big);
        assert.equal(response.status, 413);
        assert.equal((await post(url, LIST)).status, 200);
      });
    });
  }

  describe(`${name}: the checks of the endpoint`, () => {
    it('refuses a foreign Host and a foreign Origin with its own answer', async () => {
      const { app } = await serve();
      const port = Number(new URL(app.origin).port);
      const headers = (host: string, more: [string, string][] = []): [string, string][] => [
        ['Host', host],
        ['Content-Type', 'application/json'],
        ['Accept', 'application/json, text/event-stream'],
        ['MCP-Protocol-Version', '2026-07-28'],
        ['Mcp-Method', 'tools/list'],
        ...more,
      ];
      const foreignHost = await sendRaw(port, rawHttpRequest('POST', '/mcp', headers('evil.example'), LIST));
      assert.equal(foreignHost.status, 403);
      assert.match(foreignHost.body, /Forbidden/);
      const foreignOrigin = await sendRaw(
        port,
        rawHttpRequest('POST', '/mcp', headers(`127.0.0.1:${port}`, [['Origin', 'http://evil.example']]), LIST),
      );
      assert.equal(foreignOrigin.status, 403);
      assert.match(foreignOrigin.body, /Forbidden/);
      const own = await sendRaw(port, rawHttpRequest('POST', '/mcp', headers(`127.0.0.1:${port}`), LIST));
      assert.equal(own.status, 200);
    });

    it('checks tokens with auth, and serves the Protected Resource Metadata', async () => {
      const auth = { authorizationServers: ['https://as.example.com'], resource: RESOURCE, verifier };
      const { app, url } = await serve({ auth });
      const refused = await post(url, LIST);
      assert.equal(refused.status, 401);
      assert.match(refused.headers.get('www-authenticate') ?? '', /resource_metadata=/);
      const metadata = await fetch(`${app.origin}/.well-known/oauth-protected-resource/mcp`);
      assert.equal(metadata.status, 200);
      const document = (await metadata.json()) as { resource?: string; authorization_servers?: string[] };
      assert.equal(document.resource, RESOURCE);
      assert.deepEqual(document.authorization_servers, ['https://as.example.com']);
      const { session } = await within(
        connectHttp(new Client(clientInfo), url, { eraCache: false, headers: { authorization: `Bearer ${TOKEN}` } }),
        LIMIT,
        'connect with the token',
      );
      try {
        assert.equal(firstText(await session.callTool({ name: 'whoami', arguments: {} })), 'alice');
      } finally {
        await session.close();
      }
    });

    it('serves the 2024-11-05 HTTP+SSE transport beside it with legacySse', async () => {
      const { app } = await serve({ legacySse: true });
      const { session, kind } = await within(
        connectHttp(new Client(clientInfo), `${app.origin}/sse`, { transport: 'sse', eraCache: false }),
        LIMIT,
        'connect over HTTP+SSE',
      );
      try {
        assert.equal(kind, 'sse');
        assert.equal(firstText(await session.callTool({ name: 'echo', arguments: { text: 'old' } })), 'old');
      } finally {
        await session.close();
      }
    });

    it('passes other paths on to the app', async () => {
      const { app } = await serve();
      const health = await fetch(`${app.origin}/health`);
      assert.equal(health.status, 200);
      assert.equal(await health.text(), 'ok');
    });

    it('serves the official SDK client', async () => {
      const { url } = await serve();
      const client = new SdkClient({ name: 'sdk', version: '1' });
      await within(client.connect(new SdkStreamableTransport(new URL(url))), LIMIT, 'the SDK client to connect');
      try {
        const result = await client.callTool({ name: 'echo', arguments: { text: 'sdk' } });
        assert.equal(firstText(result), 'sdk');
      } finally {
        await client.close();
      }
    });
  });
}
