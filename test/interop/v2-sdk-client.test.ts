// Interoperability: the official v2 SDK's client (@modelcontextprotocol/client 2.4.0) against an
// mcpkit server (test/fixtures/interop-features-mcpkit-server.ts), over stdio (a child process)
// and Streamable HTTP (the same fixture with --http, a real socket), in every era selection the
// client offers: `versionNegotiation: { mode: { pin: '2026-07-28' } }` (modern only), `'auto'`
// (probes with server/discover, picks 2026-07-28 here) and the default `'legacy'` (the
// 2025-11-25 handshake).
import assert from 'node:assert/strict';
import process from 'node:process';
import { after, before, describe, it } from 'node:test';
import {
  Client,
  ProtocolError,
  ResourceNotFoundError,
  SdkError,
  StreamableHTTPClientTransport,
  type LoggingMessageNotification,
  type Transport,
  type VersionNegotiationMode,
} from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { firstText, fixture, startedCall, within } from '../helpers/e2e.js';
import {
  GREETING,
  LOG_LEVELS,
  LOGO,
  PROFILE_FORM,
  noteText,
  reviewMessages,
} from '../helpers/interop-features-data.js';
import {
  assertCompletions,
  listedPrompts,
  Inbox,
  LISTED_RESOURCES,
  LISTED_TEMPLATES,
  ROOTS_BEFORE,
  TOOL_NAMES,
  fillProfile,
  parsed,
  stubModel,
} from '../helpers/interop-features.js';
import { LOG_LEVEL_KEY, abortOf, plain } from '../helpers/interop-v2.js';
import { startHttpChild, type HttpChild } from '../helpers/http-child.js';

const SERVER = 'interop-features-mcpkit-server';
const SERVER_INFO = { name: 'features-mcpkit', version: '1.0.0' };
const CAPABILITIES = {
  logging: {},
  completions: {},
  prompts: { listChanged: true },
  resources: { subscribe: true, listChanged: true },
  tools: { listChanged: true },
};

const rejectsWith = (code: number) => (error: unknown) => {
  assert.ok(error instanceof ProtocolError, String(error));
  assert.equal(error.code, code);
  return true;
};

const logMessage = (level: (typeof LOG_LEVELS)[number]) => ({
  level,
  logger: 'features',
  data: { seq: LOG_LEVELS.indexOf(level), level },
});

type Wire = Record<string, unknown> & {
  id?: unknown;
  method?: string;
  params?: Record<string, unknown>;
  error?: { code: number };
};

/** Records every message the client receives, from the moment it is called. */
function record(transport: Transport): Wire[] {
  const received: Wire[] = [];
  const deliver = transport.onmessage;
  transport.onmessage = (message, extra) => {
    received.push(message as Wire);
    deliver?.(message, extra);
  };
  return received;
}

interface Setup {
  transport: 'stdio' | 'Streamable HTTP';
  mode: VersionNegotiationMode;
  era: '2026-07-28' | '2025-11-25';
}

const SETUPS: Setup[] = (['stdio', 'Streamable HTTP'] as const).flatMap((transport) => [
  { transport, mode: { pin: '2026-07-28' }, era: '2026-07-28' as const },
  { transport, mode: 'auto' as const, era: '2026-07-28' as const },
  { transport, mode: 'legacy' as const, era: '2025-11-25' as const },
]);

for (const setup of SETUPS) {
  const { era } = setup;
  const modeName = typeof setup.mode === 'string' ? `'${setup.mode}'` : `pinned to ${setup.mode.pin}`;
  describe(`the v2 SDK client (${modeName}) against an mcpkit server over ${setup.transport}, in ${era}`, () => {
    let client: Client;
    let transport: StdioClientTransport | StreamableHTTPClientTransport;
    let http: HttpChild | undefined;
    let stderr = '';
    let wire: Wire[] = [];
    const errors: Error[] = [];
    const logs = new Inbox<LoggingMessageNotification['params']>();
    const elicited: unknown[] = [];
    const sampled: unknown[] = [];

    before(async () => {
      client = new Client(
        { name: 'v2-sdk-client', version: '2.4.0' },
        {
          versionNegotiation: { mode: setup.mode },
          capabilities: { elicitation: { form: {} }, sampling: {}, roots: {} },
        },
      );
      client.onerror = (error) => errors.push(error);
      client.setNotificationHandler('notifications/message', ({ params }) => logs.push(params));
      // Legacy sessions only: in 2026-07-28 the same handlers answer input-required results.
      client.setRequestHandler('elicitation/create', ({ params }) => {
        elicited.push(params);
        return fillProfile(params.message);
      });
      client.setRequestHandler('sampling/createMessage', ({ params }) => {
        sampled.push(params);
        return stubModel(params as never) as never;
      });
      client.setRequestHandler('roots/list', () => ({ roots: ROOTS_BEFORE }));
      if (setup.transport === 'stdio') {
        const stdio = new StdioClientTransport({ command: process.execPath, args: [fixture(SERVER)], stderr: 'pipe' });
        stdio.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        transport = stdio;
      } else {
        http = await startHttpChild(SERVER);
        transport = new StreamableHTTPClientTransport(new URL(http.url));
      }
      await within(client.connect(transport), 15_000, 'the v2 client to connect');
      wire = record(transport);
    });

    after(async () => {
      await within(client.close(), 15_000, 'the v2 client to close');
      await http?.close();
      const serverErrors = stderr + (http?.stderr() ?? '');
      if (serverErrors) console.error(`mcpkit server stderr:\n${serverErrors}`);
    });

    it(`speaks ${era} and sees the server’s identity, instructions and capabilities`, () => {
      assert.equal(client.getNegotiatedProtocolVersion(), era);
      assert.equal(client.getProtocolEra(), era === '2026-07-28' ? 'modern' : 'legacy');
      assert.deepEqual(client.getServerVersion(), SERVER_INFO);
      assert.equal(client.getInstructions(), 'Every feature, served by mcpkit.');
      assert.deepEqual(client.getServerCapabilities(), CAPABILITIES);
      if (era === '2026-07-28') {
        // server/discover lists the legacy revisions too: a client may choose either.
        assert.deepEqual(client.getDiscoverResult()?.supportedVersions, [
          '2026-07-28',
          '2025-11-25',
          '2025-06-18',
          '2025-03-26',
          '2024-11-05',
        ]);
      }
    });

    it('lists and calls tools; structured content passes the SDK’s output schema check', async () => {
      const { tools } = await client.listTools();
      assert.deepEqual(
        tools.map((t) => t.name),
        TOOL_NAMES,
      );
      // The SDK checks structuredContent against the outputSchema it listed.
      assert.deepEqual(plain(await client.callTool({ name: 'forecast', arguments: { city: 'Lisbon' } })), {
        content: [{ type: 'text', text: 'Lisbon: 16 °C, sunny' }],
        structuredContent: { city: 'Lisbon', celsius: 16, conditions: 'sunny' },
      });
      const invalid = await client.callTool({ name: 'forecast', arguments: { city: 42 } });
      assert.equal(invalid.isError, true);
      assert.equal(invalid.structuredContent, undefined);
      await assert.rejects(client.callTool({ name: 'nope', arguments: {} }), rejectsWith(-32602));
    });

    it('reads text, binary and templated resources, and lists both kinds', async () => {
      assert.deepEqual((await client.listResources()).resources, LISTED_RESOURCES);
      assert.deepEqual((await client.listResourceTemplates()).resourceTemplates, LISTED_TEMPLATES);
      assert.deepEqual(plain(await client.readResource({ uri: GREETING.uri })), {
        contents: [{ uri: GREETING.uri, mimeType: GREETING.mimeType, text: GREETING.text }],
      });
      assert.deepEqual(plain(await client.readResource({ uri: LOGO.uri })), {
        contents: [{ uri: LOGO.uri, mimeType: LOGO.mimeType, blob: LOGO.base64 }],
      });
      assert.deepEqual(plain(await client.readResource({ uri: 'memo://notes/beta' })), {
        contents: [{ uri: 'memo://notes/beta', mimeType: 'text/markdown', text: noteText('beta') }],
      });
      assert.deepEqual(plain(await client.readResource({ uri: 'memo://files/src/main.ts' })), {
        contents: [{ uri: 'memo://files/src/main.ts', text: 'contents of src/main.ts' }],
      });
      // "Resource not found" is -32602 in 2026-07-28 and -32002 before; the SDK knows both.
      await assert.rejects(client.readResource({ uri: 'memo://nowhere' }), (error: unknown) => {
        assert.ok(error instanceof ResourceNotFoundError, String(error));
        assert.equal(error.uri, 'memo://nowhere');
        return true;
      });
      const answer = wire.findLast((m) => m.error !== undefined);
      assert.equal(answer?.error?.code, era === '2026-07-28' ? -32602 : -32002);
    });

    it('lists prompts and fills them in with every content type', async () => {
      assert.deepEqual((await client.listPrompts()).prompts, listedPrompts(false));
      assert.deepEqual(
        plain(await client.getPrompt({ name: 'review', arguments: { language: 'rust', style: 'clippy' } })),
        {
          description: 'Review of rust code',
          messages: reviewMessages('rust', 'clippy'),
        },
      );
      assert.deepEqual(plain(await client.getPrompt({ name: 'greet' })), {
        messages: [{ role: 'user', content: { type: 'text', text: 'Hello!' } }],
      });
      await assert.rejects(client.getPrompt({ name: 'review', arguments: { style: 'black' } }), rejectsWith(-32602));
    });

    it('completes prompt arguments and template variables, given the other arguments', () =>
      assertCompletions((params) => client.complete(params)));

    it('is sent progress with totals and messages, before the result', async () => {
      const updates: unknown[] = [];
      const result = await client.callTool(
        { name: 'progress', arguments: { n: 3 } },
        { onprogress: (p) => updates.push(p) },
      );
      assert.equal(firstText(result), 'reported 3 steps');
      const expected = [1, 2, 3].map((i) => ({ progress: i, total: 3, message: `step ${i} of 3` }));
      const response = wire.findIndex(
        (m) => m.result !== undefined && JSON.stringify(m.result).includes('reported 3 steps'),
      );
      const sent = wire.slice(0, response).filter((m) => m.method === 'notifications/progress');
      assert.deepEqual(
        sent.map(({ params }) => ({ progress: params?.progress, total: params?.total, message: params?.message })),
        expected,
      );
      // The SDK hands notifications to their handlers a microtask later but settles a response at
      // once, so progress read in the same chunk as the result is dropped ("unknown token"):
      // what it delivers is a prefix.
      assert.deepEqual(updates, expected.slice(0, updates.length));
    });

    it('cancels a call: the server aborts the handler', async () => {
      const tag = `${setup.transport} ${modeName}`;
      const controller = new AbortController();
      const { call } = await startedCall(
        (onprogress) =>
          client.callTool({ name: 'slow', arguments: { tag } }, { signal: controller.signal, onprogress }),
        10_000,
        'the slow tool to start',
      );
      controller.abort('the v2 user gave up');
      await assert.rejects(call, /the v2 user gave up/);
      const reason = await abortOf(tag, async () =>
        firstText(await client.callTool({ name: 'aborts', arguments: {} })),
      );
      // In 2026-07-28 over HTTP the client closes the response (the cancellation there): no reason travels.
      if (setup.transport === 'Streamable HTTP' && era === '2026-07-28')
        assert.equal(reason, 'Request cancelled by the peer: the client closed its HTTP request');
      else assert.equal(reason, 'Request cancelled by the peer: the v2 user gave up');
    });

    if (era === '2026-07-28') {
      it('gets log messages only for a request that names a level, at and above it', async () => {
        await client.callTool({ name: 'log', arguments: {} });
        await client.callTool({ name: 'log', arguments: {}, _meta: { [LOG_LEVEL_KEY]: 'error' } });
        await logs.waitFor((m) => m.level === 'emergency', 'the emergency log message');
        assert.deepEqual(logs.items, LOG_LEVELS.slice(4).map(logMessage));
      });

      it('refuses, without sending them, the requests 2026-07-28 removed', async () => {
        const sdkRefusal = (error: unknown) =>
          error instanceof SdkError && /not supported by the negotiated protocol version/.test(error.message);
        await assert.rejects(client.ping(), sdkRefusal);
        await assert.rejects(client.setLoggingLevel('error'), sdkRefusal);
      });
    } else {
      it('pings, and gets log messages at and above the level set, none before a level is set', async () => {
        await client.ping();
        await client.callTool({ name: 'log', arguments: {} });
        await client.setLoggingLevel('error');
        await client.callTool({ name: 'log', arguments: {} });
        await logs.waitFor((m) => m.level === 'emergency', 'the emergency log message');
        assert.deepEqual(logs.items, LOG_LEVELS.slice(4).map(logMessage));
      });
    }

    // In 2026-07-28 these are input-required results the SDK answers and retries; in 2025-11-25
    // real server-to-client requests. The same tool handlers on the mcpkit side serve both.
    it('answers the server’s elicitation, sampling and roots requests with its own handlers', async () => {
      assert.deepEqual(parsed(await client.callTool({ name: 'elicit-form', arguments: {} })), fillProfile(''));
      assert.deepEqual(elicited, [{ mode: 'form', ...PROFILE_FORM }]);
      const sample = parsed(await client.callTool({ name: 'sample', arguments: { prompt: 'Hi there' } }));
      assert.deepEqual(sample, {
        role: 'assistant',
        content: { type: 'text', text: 'You said: Hi there' },
        model: 'stub-model',
        stopReason: 'endTurn',
      });
      assert.equal(sampled.length, 1);
      assert.deepEqual(parsed(await client.callTool({ name: 'roots', arguments: {} })), { roots: ROOTS_BEFORE });
    });

    it('reported nothing but progress it could not place', () => {
      for (const error of errors) assert.match(String(error), /progress notification for an unknown token/);
    });
  });
}
