// Interoperability: mcpkit's client against a server written with the official v2 SDK
// (test/helpers/v2-features.ts), over stdio (`serveStdio`, a child process) and Streamable HTTP
// (`createMcpHandler` on a real socket), in the modern revision 2026-07-28 (the client probes
// with server/discover) and in 2025-11-25 (the initialize handshake).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client, type ClientSession } from '../../src/client/index.js';
import { StreamableHttpClientTransport } from '../../src/http/index.js';
import { JsonRpcError } from '../../src/jsonrpc/errors.js';
import type { LoggingMessageNotificationParams } from '../../src/types/logging.js';
import { clientInfo, firstText, fixture, nodeTransport, startedCall, within } from '../helpers/e2e.js';
import { GREETING, LOG_LEVELS, LOGO, noteText, reviewMessages } from '../helpers/interop-features-data.js';
import { startV2HttpServer, type V2HttpServer } from '../helpers/v2-http-server.js';
import { V2_INSTRUCTIONS, V2_SERVER_INFO, confirmMessage } from '../helpers/v2-features.js';
import {
  assertCompletions,
  listedPrompts,
  Inbox,
  LISTED_RESOURCES,
  LISTED_TEMPLATES,
  pick,
} from '../helpers/interop-features.js';
import { LOG_LEVEL_KEY, abortOf, plain, withStandardHeaders } from '../helpers/interop-v2.js';

type Era = '2026-07-28' | '2025-11-25';

const rejectsWith = (code: number) => (error: unknown) => {
  assert.ok(error instanceof JsonRpcError, String(error));
  assert.equal(error.code, code);
  return true;
};

const logMessage = (level: (typeof LOG_LEVELS)[number]) => ({
  level,
  logger: 'features',
  data: { seq: LOG_LEVELS.indexOf(level), level },
});

interface Setup {
  name: string;
  era: Era;
  /** Starts the server (if it is not a child of the transport) and connects `client`. */
  connect(
    client: Client,
  ): Promise<{ session: ClientSession; http?: { server: V2HttpServer; transport: StreamableHttpClientTransport } }>;
}

const overStdio = (era: Era): Setup => ({
  name: 'over stdio',
  era,
  connect: async (client) => ({
    session: await client.connect(nodeTransport(fixture('v2-stdio-server')), { protocolVersion: era }),
  }),
});

const overHttp = (era: Era, legacy: 'sessions' | 'stateless'): Setup => ({
  name: legacy === 'sessions' ? 'over Streamable HTTP' : STATELESS_FALLBACK,
  era,
  connect: async (client) => {
    const server = await startV2HttpServer({ legacy });
    const transport = new StreamableHttpClientTransport({ url: server.url, fetch: withStandardHeaders });
    try {
      return { session: await client.connect(transport, { protocolVersion: era }), http: { server, transport } };
    } catch (error) {
      await server.close();
      throw error;
    }
  },
});

const STATELESS_FALLBACK = 'over Streamable HTTP with its stateless legacy fallback';

const SETUPS: Setup[] = [
  overStdio('2026-07-28'),
  overStdio('2025-11-25'),
  overHttp('2026-07-28', 'sessions'),
  overHttp('2025-11-25', 'sessions'),
  overHttp('2025-11-25', 'stateless'),
];

for (const setup of SETUPS) {
  const { era } = setup;
  describe(`mcpkit’s client against a v2 SDK server ${setup.name}, in ${era}`, () => {
    let session: ClientSession;
    let http: { server: V2HttpServer; transport: StreamableHttpClientTransport } | undefined;
    const errors: Error[] = [];
    const logs = new Inbox<LoggingMessageNotificationParams>();
    const forms: string[] = [];
    const client = new Client(clientInfo, {
      requestTimeoutMs: 15_000,
      onError: (error) => errors.push(error),
      elicitation: {
        form: (params) => {
          forms.push(params.message);
          return params.message === confirmMessage('deploy')
            ? { action: 'accept', content: { confirm: true } }
            : { action: 'decline' };
        },
      },
    });

    before(async () => {
      ({ session, http } = await within(setup.connect(client), 15_000, 'connecting to the v2 server'));
      session.on('log', (params) => logs.push(params));
    });

    after(async () => {
      await within(session.close(), 15_000, 'close');
      await http?.server.close();
    });

    it(`speaks ${era} and sees the server’s identity, instructions and capabilities`, () => {
      assert.equal(session.protocolVersion, era);
      assert.deepEqual(session.serverInfo, V2_SERVER_INFO);
      assert.equal(session.instructions, V2_INSTRUCTIONS);
      assert.deepEqual(session.serverCapabilities, {
        logging: {},
        tools: { listChanged: true },
        resources: { listChanged: true },
        completions: {},
        prompts: { listChanged: true },
      });
    });

    it('lists and calls tools: structured content, failures as isError results, unknown tools as -32602', async () => {
      const { tools } = await session.listTools();
      assert.deepEqual(
        tools.map((t) => t.name),
        ['forecast', 'fail', 'log', 'progress', 'slow', 'aborts', 'envelope', 'confirm'],
      );
      const forecast = tools.find((t) => t.name === 'forecast');
      assert.deepEqual(forecast?.inputSchema.required, ['city']);
      assert.deepEqual(forecast?.outputSchema?.required, ['city', 'celsius', 'conditions']);

      assert.deepEqual(plain(await session.callTool({ name: 'forecast', arguments: { city: 'Lisbon' } })), {
        content: [{ type: 'text', text: 'Lisbon: 16 °C, sunny' }],
        structuredContent: { city: 'Lisbon', celsius: 16, conditions: 'sunny' },
      });
      const invalid = await session.callTool({ name: 'forecast', arguments: { city: 42 } });
      assert.equal(invalid.isError, true);
      assert.match(firstText(invalid), /Invalid arguments for tool forecast: city/);
      assert.deepEqual(plain(await session.callTool({ name: 'fail', arguments: {} })), {
        content: [{ type: 'text', text: 'This tool fails on purpose.' }],
        isError: true,
      });
      await assert.rejects(session.callTool({ name: 'nope', arguments: {} }), rejectsWith(-32602));
    });

    it('reads text, binary and templated resources, and lists both kinds', async () => {
      const { resources } = await session.listResources();
      // McpServer copies a template's description onto the resources it lists.
      assert.deepEqual(pick(resources, ['uri', 'name', 'title', 'mimeType']), LISTED_RESOURCES);
      const { resourceTemplates } = await session.listResourceTemplates();
      assert.deepEqual(pick(resourceTemplates, ['uriTemplate', 'name', 'description', 'mimeType']), LISTED_TEMPLATES);

      assert.deepEqual(plain(await session.readResource({ uri: GREETING.uri })), {
        contents: [{ uri: GREETING.uri, mimeType: GREETING.mimeType, text: GREETING.text }],
      });
      assert.deepEqual(plain(await session.readResource({ uri: LOGO.uri })), {
        contents: [{ uri: LOGO.uri, mimeType: LOGO.mimeType, blob: LOGO.base64 }],
      });
      assert.deepEqual(plain(await session.readResource({ uri: 'memo://notes/beta' })), {
        contents: [{ uri: 'memo://notes/beta', mimeType: 'text/markdown', text: noteText('beta') }],
      });
      assert.deepEqual(plain(await session.readResource({ uri: 'memo://files/src/main.ts' })), {
        contents: [{ uri: 'memo://files/src/main.ts', text: 'contents of src/main.ts' }],
      });
      // -32602 is 2026-07-28's "Resource not found"; the SDK answers it in 2025-11-25 too, where
      // server/resources.mdx asks for -32002.
      await assert.rejects(session.readResource({ uri: 'memo://files/src/missing.ts' }), rejectsWith(-32602));
      await assert.rejects(session.readResource({ uri: 'memo://nowhere' }), rejectsWith(-32602));
    });

    it('lists prompts and fills them in with every content type', async () => {
      const { prompts } = await session.listPrompts();
      assert.deepEqual(prompts, listedPrompts(true));
      assert.deepEqual(
        plain(await session.getPrompt({ name: 'review', arguments: { language: 'rust', style: 'clippy' } })),
        {
          description: 'Review of rust code',
          messages: reviewMessages('rust', 'clippy'),
        },
      );
      assert.deepEqual(plain(await session.getPrompt({ name: 'greet' })), {
        messages: [{ role: 'user', content: { type: 'text', text: 'Hello!' } }],
      });
      await assert.rejects(session.getPrompt({ name: 'review', arguments: { style: 'black' } }), rejectsWith(-32602));
    });

    it('completes prompt arguments and template variables, given the other arguments', () =>
      assertCompletions((params) => session.complete(params)));

    it('receives progress with totals and messages before the result', async () => {
      const updates: unknown[] = [];
      const result = await session.callTool(
        { name: 'progress', arguments: { n: 3 } },
        { onprogress: (p) => updates.push(p) },
      );
      assert.equal(firstText(result), 'reported 3 steps');
      assert.deepEqual(
        updates,
        [1, 2, 3].map((i) => ({ progress: i, total: 3, message: `step ${i} of 3` })),
      );
    });

    // Without a session, a 2025 cancellation (a notification POSTed on its own) cannot reach the call.
    if (setup.name !== STATELESS_FALLBACK) {
      it('cancels a call: the server aborts the handler', async () => {
        const tag = `${setup.name} ${era}`;
        const controller = new AbortController();
        const { call } = await startedCall(
          (onprogress) =>
            session.callTool({ name: 'slow', arguments: { tag } }, { signal: controller.signal, onprogress }),
          10_000,
          'the slow tool to start',
        );
        controller.abort(new Error('changed my mind'));
        await assert.rejects(call, /changed my mind/);
        const reason = await abortOf(tag, async () =>
          firstText(await session.callTool({ name: 'aborts', arguments: {} })),
        );
        // In 2026-07-28 over HTTP, closing the response is the cancellation: no reason travels.
        if (!(setup.name === 'over Streamable HTTP' && era === '2026-07-28')) assert.equal(reason, 'changed my mind');
      });
    }

    if (era === '2026-07-28') {
      it('gets log messages only for a request that names a level, at and above it', async () => {
        await session.callTool({ name: 'log', arguments: {} });
        await session.callTool({ name: 'log', arguments: {}, _meta: { [LOG_LEVEL_KEY]: 'error' } });
        await logs.waitFor((m) => m.level === 'emergency', 'the emergency log message');
        // Each request's messages come before its result: had the first call logged, they would come first.
        assert.deepEqual(logs.items, LOG_LEVELS.slice(4).map(logMessage));
      });

      it('sends the envelope with every request: the server sees the revision, the client and its capabilities', async () => {
        assert.deepEqual(JSON.parse(firstText(await session.callTool({ name: 'envelope', arguments: {} }))), {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': clientInfo,
          'io.modelcontextprotocol/clientCapabilities': {
            elicitation: { form: {} },
            extensions: { 'io.modelcontextprotocol/tasks': {} },
          },
        });
      });

      it('refuses, without sending it, the ping 2026-07-28 removed; a log level goes into every later request instead', async () => {
        await assert.rejects(session.ping(), rejectsWith(-32601));
        const seen = logs.items.length;
        await session.setLoggingLevel({ level: 'error' });
        await session.callTool({ name: 'log', arguments: {} });
        await logs.waitFor(
          (m) => m.level === 'emergency' && logs.items.indexOf(m) >= seen,
          'the emergency log message of the last call',
        );
        assert.deepEqual(logs.items.slice(seen), LOG_LEVELS.slice(4).map(logMessage));
      });
    } else if (setup.name === STATELESS_FALLBACK) {
      it('has no session: each request is served on its own, so no level is kept and the server cannot ask the client', async () => {
        assert.equal(http?.transport.sessionId, undefined);
        assert.deepEqual(http?.server.sessions(), []);
        // The GET stream a session would have: refused.
        assert.ok(http?.server.exchanges.some((e) => e.method === 'GET' && e.status === 405));
        await session.ping();
        await session.setLoggingLevel({ level: 'error' });
        await session.callTool({ name: 'log', arguments: {} });
        await logs.waitFor((m) => m.level === 'emergency', 'the emergency log message');
        assert.deepEqual(logs.items, LOG_LEVELS.map(logMessage));
        const confirm = await session.callTool({ name: 'confirm', arguments: { action: 'deploy' } });
        assert.equal(confirm.isError, true);
        assert.match(firstText(confirm), /per-request legacy serving cannot receive server-to-client requests/);
        assert.deepEqual(forms, []);
      });
    } else {
      it('pings, and gets log messages at and above the level set (every message before a level is set)', async () => {
        await session.ping();
        await session.callTool({ name: 'log', arguments: {} });
        await session.setLoggingLevel({ level: 'error' });
        await session.callTool({ name: 'log', arguments: {} });
        await logs.waitFor(
          (m) => m.level === 'emergency' && logs.items.indexOf(m) > 4,
          'the second emergency log message',
        );
        assert.deepEqual(logs.items, [...LOG_LEVELS.map(logMessage), ...LOG_LEVELS.slice(4).map(logMessage)]);
      });
    }

    if (setup.name !== STATELESS_FALLBACK) {
      // In 2026-07-28 an input-required result answered and retried; in 2025-11-25 the SDK sends
      // a real elicitation/create in its place. The same client handler answers both.
      it('answers the server’s request for input through its elicitation handler', async () => {
        assert.equal(
          firstText(await session.callTool({ name: 'confirm', arguments: { action: 'deploy' } })),
          'deploy: done',
        );
        assert.equal(
          firstText(await session.callTool({ name: 'confirm', arguments: { action: 'delete' } })),
          'delete: not confirmed (decline)',
        );
        assert.deepEqual(forms, [confirmMessage('deploy'), confirmMessage('delete')]);
      });
    }

    if (setup.name === 'over Streamable HTTP' && era === '2026-07-28') {
      it('POSTs each request on its own, with no session, the standard headers and the envelope agreeing', () => {
        const exchanges = http?.server.exchanges ?? [];
        assert.ok(exchanges.length > 0);
        for (const exchange of exchanges) {
          // Cancelling closed a response instead of POSTing notifications/cancelled.
          assert.equal(exchange.method, 'POST');
          assert.equal(exchange.status, 200);
          assert.equal(exchange.headers['mcp-session-id'], undefined);
          const body = JSON.parse(exchange.body) as { method: string; params: { _meta: Record<string, unknown> } };
          assert.equal(exchange.headers['mcp-method'], body.method);
          assert.equal(
            exchange.headers['mcp-protocol-version'],
            body.params._meta['io.modelcontextprotocol/protocolVersion'],
          );
        }
        assert.equal(http?.transport.sessionId, undefined);
      });
    }

    if (setup.name === 'over Streamable HTTP' && era === '2025-11-25') {
      it('holds one session, named by the id the server minted', () => {
        assert.deepEqual(http?.server.sessions(), [http?.transport.sessionId]);
      });
    }

    it('saw nothing unexpected on the way', () => {
      assert.deepEqual(errors.map(String), []);
    });
  });
}
