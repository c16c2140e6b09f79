// Interoperability over stdio, every feature: mcpkit's client against a server written with the
// official SDK's McpServer (test/fixtures/interop-features-sdk-server.ts). The client answers
// sampling, elicitation and roots with mcpkit's typed handlers.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client, type ClientSession } from '../../src/client/index.js';
import { JsonRpcError } from '../../src/jsonrpc/errors.js';
import type { CreateMessageRequestParams, CreateMessageResult } from '../../src/types/sampling.js';
import type { LoggingMessageNotificationParams } from '../../src/types/logging.js';
import { clientInfo, firstText, fixture, nodeTransport, within } from '../e2e/helpers.js';
import { FILE_TEMPLATE, GREETING, LOG_LEVELS, LOGIN, LOGIN_REQUIRED, LOGO, NOTE_TEMPLATE, PROFILE_FORM, noteText, reviewMessages } from '../fixtures/interop-features-data.js';
import {
  HANG,
  Inbox,
  LISTED_RESOURCES,
  LISTED_TEMPLATES,
  ROOTS_AFTER,
  ROOTS_BEFORE,
  SAMPLE_OPTIONS,
  TOOL_NAMES,
  TOOL_OFFER,
  expectedToolAnswer,
  expectedToolUse,
  fillProfile,
  parsed,
  pick,
  stubModel,
  toolConversation,
} from './helpers-features.js';

const rejectsWith = (code: number) => (error: unknown) => {
  assert.ok(error instanceof JsonRpcError, String(error));
  assert.equal(error.code, code);
  return true;
};

describe('mcpkit’s client against an official SDK server with every feature', () => {
  let session: ClientSession;
  let stderr = '';
  const sampled = new Inbox<{ params: CreateMessageRequestParams; signal: AbortSignal }>();
  const elicited = new Inbox<Record<string, unknown>>();
  const logs = new Inbox<LoggingMessageNotificationParams>();
  const updates = new Inbox<string>();
  const elicitationsComplete = new Inbox<string>();
  const errors: Error[] = [];
  const client = new Client(clientInfo, {
    requestTimeoutMs: 15_000,
    onError: (error) => errors.push(error),
    roots: ROOTS_BEFORE,
    sampling: {
      tools: true,
      handler: async (params, ctx) => {
        sampled.push({ params, signal: ctx.signal });
        if (JSON.stringify(params.messages).includes(HANG)) {
          await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve, { once: true }));
          throw new Error('the model was cancelled');
        }
        return stubModel(params as never) as CreateMessageResult;
      },
    },
    elicitation: {
      form: (params) => {
        elicited.push(params);
        return fillProfile(params.message);
      },
      url: (params) => {
        elicited.push(params);
        return { action: 'accept' };
      },
    },
  });

  before(async () => {
    const transport = nodeTransport(fixture('interop-features-sdk-server'));
    transport.onstderr = (chunk) => (stderr += Buffer.from(chunk).toString());
    session = await within(client.connect(transport), 15_000, 'initialize with the SDK server');
    session.on('log', (params) => logs.push(params));
    session.on('resourceUpdated', ({ uri }) => updates.push(uri));
    session.on('elicitationComplete', ({ elicitationId }) => elicitationsComplete.push(elicitationId));
  });

  after(async () => {
    await within(session.close(), 15_000, 'close');
    if (stderr) console.error(`SDK server stderr:\n${stderr}`);
  });

  it('negotiates the latest revision and sees every capability declared', () => {
    assert.equal(session.protocolVersion, '2025-11-25');
    assert.deepEqual(session.serverInfo, { name: 'features-sdk', version: '1.0.0' });
    assert.deepEqual(session.serverCapabilities, {
      tools: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
      prompts: { listChanged: true },
      completions: {},
      logging: {},
    });
  });

  it('lists and calls tools, with structured content', async () => {
    const { tools } = await session.listTools();
    assert.deepEqual(tools.map((t) => t.name), TOOL_NAMES);
    const forecast = tools.find((t) => t.name === 'forecast');
    assert.deepEqual(forecast?.inputSchema.required, ['city']);
    assert.deepEqual(Object.keys(forecast?.outputSchema?.properties ?? {}), ['city', 'celsius', 'conditions']);

    assert.deepEqual(await session.callTool({ name: 'forecast', arguments: { city: 'Lisbon' } }), {
      content: [{ type: 'text', text: 'Lisbon: 16 °C, sunny' }],
      structuredContent: { city: 'Lisbon', celsius: 16, conditions: 'sunny' },
    });
    const invalid = await session.callTool({ name: 'forecast', arguments: { city: 42 } });
    assert.equal(invalid.isError, true);
    assert.equal(invalid.structuredContent, undefined);
  });

  it('reads text, binary and templated resources, and lists both kinds', async () => {
    const { resources } = await session.listResources();
    // McpServer copies a template's description onto the resources it lists.
    assert.deepEqual(pick(resources, ['uri', 'name', 'title', 'mimeType']), LISTED_RESOURCES);
    const { resourceTemplates } = await session.listResourceTemplates();
    assert.deepEqual(pick(resourceTemplates, ['uriTemplate', 'name', 'description', 'mimeType']), LISTED_TEMPLATES);

    assert.deepEqual(await session.readResource({ uri: GREETING.uri }), {
      contents: [{ uri: GREETING.uri, mimeType: GREETING.mimeType, text: GREETING.text }],
    });
    const logo = await session.readResource({ uri: LOGO.uri });
    assert.deepEqual(logo, { contents: [{ uri: LOGO.uri, mimeType: LOGO.mimeType, blob: LOGO.base64 }] });
    assert.deepEqual([...Buffer.from((logo.contents[0] as { blob: string }).blob, 'base64')].slice(-4), [0x00, 0xff, 0xfe, 0x80]);
    assert.deepEqual(await session.readResource({ uri: 'memo://notes/beta' }), {
      contents: [{ uri: 'memo://notes/beta', mimeType: 'text/markdown', text: noteText('beta') }],
    });
    assert.deepEqual(await session.readResource({ uri: 'memo://files/src/main.ts' }), {
      contents: [{ uri: 'memo://files/src/main.ts', text: 'contents of src/main.ts' }],
    });
    await assert.rejects(session.readResource({ uri: 'memo://files/src/missing.ts' }), rejectsWith(-32002));
    // McpServer answers a URI no resource or template matches with -32602, where 2025-11-25
    // server/resources.mdx asks for "Resource not found: `-32002`" (-32602 is 2026-07-28's code).
    await assert.rejects(session.readResource({ uri: 'memo://nowhere' }), rejectsWith(-32602));
  });

  it('notifies resources/updated for subscribed URIs only', async () => {
    await session.subscribeResource({ uri: GREETING.uri });
    await session.callTool({ name: 'touch', arguments: { uri: GREETING.uri } });
    await updates.waitFor((uri) => uri === GREETING.uri, 'the greeting update');
    await session.unsubscribeResource({ uri: GREETING.uri });
    await session.callTool({ name: 'touch', arguments: { uri: GREETING.uri } });
    await session.subscribeResource({ uri: LOGO.uri });
    await session.callTool({ name: 'touch', arguments: { uri: LOGO.uri } });
    await updates.waitFor((uri) => uri === LOGO.uri, 'the logo update');
    assert.deepEqual(updates.items, [GREETING.uri, LOGO.uri]);
  });

  it('lists prompts and fills them in with every content type', async () => {
    const { prompts } = await session.listPrompts();
    assert.deepEqual(prompts, [
      {
        name: 'review',
        title: 'Code review',
        description: 'Asks for a code review',
        arguments: [
          { name: 'language', description: 'The programming language', required: true },
          { name: 'style', description: 'The style guide', required: false },
        ],
      },
      { name: 'greet', description: 'A greeting' },
    ]);
    assert.deepEqual(await session.getPrompt({ name: 'review', arguments: { language: 'rust', style: 'clippy' } }), {
      description: 'Review of rust code',
      messages: reviewMessages('rust', 'clippy'),
    });
    assert.deepEqual(await session.getPrompt({ name: 'greet' }), { messages: [{ role: 'user', content: { type: 'text', text: 'Hello!' } }] });
    await assert.rejects(session.getPrompt({ name: 'review', arguments: { style: 'black' } }), rejectsWith(-32602));
  });

  it('completes prompt arguments and template variables, given the other arguments', async () => {
    const values = async (ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string }, name: string, value: string, context?: Record<string, string>) =>
      (await session.complete({ ref, argument: { name, value }, ...(context && { context: { arguments: context } }) })).completion;
    const review = { type: 'ref/prompt' as const, name: 'review' };
    assert.deepEqual(await values(review, 'language', 'p'), { values: ['perl', 'php', 'python'], total: 3, hasMore: false });
    assert.deepEqual((await values(review, 'style', '', { language: 'rust' })).values, ['clippy', 'rustfmt']);
    assert.deepEqual((await values(review, 'style', 'p', { language: 'python' })).values, ['pep8']);
    assert.deepEqual((await values(review, 'style', '')).values, []);
    assert.deepEqual((await values({ type: 'ref/resource', uri: NOTE_TEMPLATE }, 'topic', 'al')).values, ['alpha', 'alpine']);
    const files = { type: 'ref/resource' as const, uri: FILE_TEMPLATE };
    assert.deepEqual((await values(files, 'name', '', { folder: 'docs' })).values, ['guide.md', 'intro.md']);
    assert.deepEqual((await values(files, 'name', 'u', { folder: 'src' })).values, ['util.ts']);
  });

  it('sends log messages at and above the level set; every message before a level is set', async () => {
    await session.callTool({ name: 'log', arguments: {} });
    await session.setLoggingLevel({ level: 'error' });
    await session.callTool({ name: 'log', arguments: {} });
    await logs.waitFor((m) => m.level === 'emergency' && logs.items.indexOf(m) > 4, 'the second emergency log message');
    const message = (level: (typeof LOG_LEVELS)[number]) => ({ level, logger: 'features', data: { seq: LOG_LEVELS.indexOf(level), level } });
    // Unlike mcpkit's server, McpServer filters nothing until the client sets a level.
    assert.deepEqual(logs.items, [...LOG_LEVELS.map(message), ...LOG_LEVELS.slice(4).map(message)]);
    // 2025-11-25 server/utilities/logging.mdx asks for "Invalid log level: `-32602` (Invalid
    // params)"; McpServer lets the ZodError of its request schema become -32603.
    await assert.rejects(session.request('logging/setLevel', { level: 'loud' } as never), rejectsWith(-32603));
  });

  it('reports progress with totals and messages', async () => {
    const updates: unknown[] = [];
    const result = await session.callTool({ name: 'progress', arguments: { n: 3 } }, { onprogress: (p) => updates.push(p) });
    assert.deepEqual(result.content, [{ type: 'text', text: 'reported 3 steps' }]);
    assert.deepEqual(updates, [1, 2, 3].map((i) => ({ progress: i, total: 3, message: `step ${i} of 3` })));
  });

  it('cancels a tool call: the server aborts it, and cancels the sampling request it was waiting on', async () => {
    const controller = new AbortController();
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const call = session.callTool({ name: 'slow', arguments: { tag: 'ours' } }, { signal: controller.signal, onprogress: () => started() });
    await within(running, 10_000, 'the slow tool to start');
    controller.abort(new Error('changed my mind'));
    await assert.rejects(call, /changed my mind/);
    assert.deepEqual(parsed(await session.callTool({ name: 'aborts', arguments: {} })), ['ours: changed my mind']);

    const sampling = new AbortController();
    const waiting = session.callTool({ name: 'sample', arguments: { prompt: HANG } }, { signal: sampling.signal });
    const { signal } = await sampled.waitFor((s) => JSON.stringify(s.params).includes(HANG), 'the hanging sampling request');
    sampling.abort(new Error('no longer needed'));
    await assert.rejects(waiting, /no longer needed/);
    await within(new Promise((resolve) => (signal.aborted ? resolve(undefined) : signal.addEventListener('abort', resolve))), 10_000, 'the sampling request to be cancelled');
    assert.equal(String(signal.reason), 'RequestCancelledError: Request cancelled by the peer: no longer needed');
  });

  it('samples the client’s model, plain and with a tool offered', async () => {
    assert.deepEqual(parsed(await session.callTool({ name: 'sample', arguments: { prompt: 'Hi there' } })), {
      role: 'assistant',
      content: { type: 'text', text: 'You said: Hi there' },
      model: 'stub-model',
      stopReason: 'endTurn',
    });
    const plain = await sampled.waitFor((s) => JSON.stringify(s.params).includes('Hi there'), 'the plain sampling request');
    assert.deepEqual(plain.params, { messages: [{ role: 'user', content: { type: 'text', text: 'Hi there' } }], ...SAMPLE_OPTIONS });

    const question = 'What is MCP?';
    const before = sampled.items.length;
    assert.deepEqual(parsed(await session.callTool({ name: 'sample-with-tools', arguments: { question } })), { first: expectedToolUse, second: expectedToolAnswer });
    const [first, second] = sampled.items.slice(before).map((s) => s.params);
    assert.deepEqual(first, { messages: toolConversation(question).slice(0, 1), ...TOOL_OFFER });
    assert.deepEqual(second, { messages: toolConversation(question), ...TOOL_OFFER });
  });

  it('elicits through the client in form and URL modes, and hears the URL one complete', async () => {
    assert.deepEqual(parsed(await session.callTool({ name: 'elicit-form', arguments: {} })), fillProfile(''));
    assert.deepEqual(elicited.items.at(-1), { mode: 'form', ...PROFILE_FORM });
    assert.deepEqual(parsed(await session.callTool({ name: 'elicit-form', arguments: { message: 'please decline' } })), { action: 'decline' });
    // An answer off the form's schema is refused here (-32602) before it reaches the server.
    const offSchema = await session.callTool({ name: 'elicit-form', arguments: { message: 'answer off-schema' } });
    assert.equal(offSchema.isError, true);
    assert.match(firstText(offSchema), /^MCP error -32602: The elicitation answer does not match the requested schema/);
    assert.match(String(errors.pop()), /does not match the requested schema/);

    assert.deepEqual(parsed(await session.callTool({ name: 'elicit-url', arguments: {} })), { action: 'accept' });
    assert.deepEqual(elicited.items.at(-1), LOGIN);
    assert.equal(await elicitationsComplete.waitFor((id) => id === LOGIN.elicitationId, 'the elicitation complete notification'), LOGIN.elicitationId);

    // Learning of an elicitation from a -32042 error is what lets its completion through.
    await assert.rejects(session.callTool({ name: 'needs-login', arguments: {} }), (error: unknown) => {
      assert.ok(error instanceof JsonRpcError && error.code === -32042, String(error));
      assert.deepEqual(error.data, { elicitations: [LOGIN_REQUIRED] });
      return true;
    });
    await session.callTool({ name: 'finish-login', arguments: {} });
    await elicitationsComplete.waitFor((id) => id === LOGIN_REQUIRED.elicitationId, 'the completion of the required elicitation');
    assert.deepEqual(elicitationsComplete.items, [LOGIN.elicitationId, LOGIN_REQUIRED.elicitationId]);
  });

  it('offers its roots, and setRoots makes the server list them again', async () => {
    assert.deepEqual(parsed(await session.callTool({ name: 'roots', arguments: {} })), { roots: ROOTS_BEFORE });
    await client.setRoots(ROOTS_AFTER);
    assert.deepEqual(parsed(await session.callTool({ name: 'roots-seen', arguments: { count: 1 } })), [{ roots: ROOTS_AFTER }]);
  });

  it('saw nothing unexpected on the way: no stray responses, progress or malformed messages', () => {
    assert.deepEqual(errors.map(String), []);
  });
});

describe('mcpkit’s client at 2025-06-18 (elicitation: {}, sampling without tools) against an official SDK server', () => {
  let session: ClientSession;
  const forms: unknown[] = [];
  const client = new Client(clientInfo, {
    requestTimeoutMs: 15_000,
    sampling: (params) => stubModel(params as never) as CreateMessageResult,
    elicitation: {
      form: (params) => {
        forms.push(params);
        return fillProfile(params.message);
      },
    },
  });
  before(async () => {
    session = await within(client.connect(nodeTransport(fixture('interop-features-sdk-server')), { protocolVersion: '2025-06-18' }), 15_000, 'initialize');
  });
  after(() => within(session.close(), 15_000, 'close'));

  it('gets structured content, completions with context, and sampling without tools', async () => {
    assert.equal(session.protocolVersion, '2025-06-18');
    const forecast = await session.callTool({ name: 'forecast', arguments: { city: 'Oslo' } });
    assert.deepEqual(forecast.structuredContent, { city: 'Oslo', celsius: 14, conditions: 'sunny' });
    const completion = await session.complete({ ref: { type: 'ref/prompt', name: 'review' }, argument: { name: 'style', value: '' }, context: { arguments: { language: 'python' } } });
    assert.deepEqual(completion.completion.values, ['black', 'pep8']);
    assert.deepEqual(parsed(await session.callTool({ name: 'sample', arguments: { prompt: 'old' } })), {
      role: 'assistant',
      content: { type: 'text', text: 'You said: old' },
      model: 'stub-model',
      stopReason: 'endTurn',
    });
    const tools = await session.callTool({ name: 'sample-with-tools', arguments: { question: 'q' } });
    assert.deepEqual(tools, { content: [{ type: 'text', text: 'Client does not support sampling tools capability.' }], isError: true });
  });

  it('is asked for a form, its elicitation: {} taken for form mode', async () => {
    assert.deepEqual(parsed(await session.callTool({ name: 'elicit-form', arguments: {} })), fillProfile(''));
    // McpServer sends `mode` even to a 2025-06-18 client, whose schema has no such member (nor forbids it).
    assert.deepEqual(forms, [{ mode: 'form', ...PROFILE_FORM }]);
  });
});
