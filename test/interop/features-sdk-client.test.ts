// Interoperability over stdio, every feature: the official SDK's client against an mcpkit
// server (test/fixtures/interop-features-mcpkit-server.ts). The SDK client answers sampling,
// elicitation and roots with its own request handlers.
import assert from 'node:assert/strict';
import process from 'node:process';
import { after, before, describe, it } from 'node:test';
import { Client as SdkClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  CreateMessageRequestSchema,
  ElicitationCompleteNotificationSchema,
  ElicitRequestSchema,
  EmptyResultSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  McpError,
  ResourceUpdatedNotificationSchema,
  type CreateMessageResult,
  type CreateMessageResultWithTools,
  type LoggingMessageNotification,
} from '@modelcontextprotocol/sdk/types.js';
import { firstText, fixture, within } from '../e2e/helpers.js';
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
  stubModel,
  toolConversation,
} from './helpers-features.js';

const rejectsWith = (code: number) => (error: unknown) => {
  assert.ok(error instanceof McpError, String(error));
  assert.equal(error.code, code);
  return true;
};

/** Connects `client` to a new mcpkit feature server; returns the server's stderr as it comes. */
async function connect(client: SdkClient): Promise<{ text: string }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [fixture('interop-features-mcpkit-server')], stderr: 'pipe' });
  const stderr = { text: '' };
  transport.stderr?.on('data', (chunk: Buffer) => (stderr.text += chunk.toString()));
  await within(client.connect(transport), 15_000, 'the SDK client to connect');
  return stderr;
}

describe('the official SDK client against an mcpkit server with every feature', () => {
  let client: SdkClient;
  let stderr: { text: string };
  const errors: Error[] = [];
  let roots = ROOTS_BEFORE;
  const sampled = new Inbox<{ params: Record<string, unknown>; signal: AbortSignal }>();
  const elicited = new Inbox<Record<string, unknown>>();
  let rootsListed = 0;
  const logs = new Inbox<LoggingMessageNotification['params']>();
  const updates = new Inbox<string>();
  const elicitationsComplete = new Inbox<string>();

  before(async () => {
    client = new SdkClient(
      { name: 'sdk-features-client', version: '1.32.2' },
      { capabilities: { sampling: { tools: {} }, elicitation: { form: {}, url: {} }, roots: { listChanged: true } } },
    );
    client.setRequestHandler(CreateMessageRequestSchema, async ({ params }, extra) => {
      sampled.push({ params, signal: extra.signal });
      const first = params.messages[0]?.content;
      if (!Array.isArray(first) && first?.type === 'text' && first.text === HANG) {
        await new Promise((resolve) => extra.signal.addEventListener('abort', resolve, { once: true }));
        throw new Error('the model was cancelled');
      }
      return stubModel(params) as CreateMessageResult | CreateMessageResultWithTools;
    });
    client.setRequestHandler(ElicitRequestSchema, ({ params }) => {
      elicited.push(params);
      return params.mode === 'url' ? { action: 'accept' } : fillProfile(params.message);
    });
    client.setRequestHandler(ListRootsRequestSchema, () => {
      rootsListed++;
      return { roots };
    });
    client.setNotificationHandler(LoggingMessageNotificationSchema, ({ params }) => logs.push(params));
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, ({ params }) => updates.push(params.uri));
    client.setNotificationHandler(ElicitationCompleteNotificationSchema, ({ params }) => elicitationsComplete.push(params.elicitationId));
    client.onerror = (error) => errors.push(error);
    stderr = await connect(client);
  });

  after(async () => {
    await within(client.close(), 15_000, 'the SDK client to close');
    if (stderr.text) console.error(`mcpkit server stderr:\n${stderr.text}`);
  });

  it('sees the server’s identity and every capability it declares', () => {
    assert.deepEqual(client.getServerVersion(), { name: 'features-mcpkit', version: '1.0.0' });
    assert.deepEqual(client.getServerCapabilities(), {
      tools: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
      prompts: { listChanged: true },
      completions: {},
      logging: {},
    });
  });

  it('lists and calls tools; structured content passes the SDK’s output schema check', async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name), TOOL_NAMES);
    const forecast = tools.find((t) => t.name === 'forecast');
    assert.deepEqual(forecast?.inputSchema.required, ['city']);
    assert.deepEqual(Object.keys(forecast?.outputSchema?.properties ?? {}), ['city', 'celsius', 'conditions']);

    // The SDK client checks structuredContent against the listed outputSchema.
    assert.deepEqual(await client.callTool({ name: 'forecast', arguments: { city: 'Lisbon' } }), {
      content: [{ type: 'text', text: 'Lisbon: 16 °C, sunny' }],
      structuredContent: { city: 'Lisbon', celsius: 16, conditions: 'sunny' },
    });
    const invalid = await client.callTool({ name: 'forecast', arguments: { city: 42 } });
    assert.equal(invalid.isError, true);
    assert.equal(invalid.structuredContent, undefined);
  });

  it('reads text, binary and templated resources, and lists both kinds', async () => {
    const { resources } = await client.listResources();
    assert.deepEqual(resources, LISTED_RESOURCES);
    const { resourceTemplates } = await client.listResourceTemplates();
    assert.deepEqual(resourceTemplates, LISTED_TEMPLATES);

    assert.deepEqual(await client.readResource({ uri: GREETING.uri }), {
      contents: [{ uri: GREETING.uri, mimeType: GREETING.mimeType, text: GREETING.text }],
    });
    const logo = await client.readResource({ uri: LOGO.uri });
    assert.deepEqual(logo, { contents: [{ uri: LOGO.uri, mimeType: LOGO.mimeType, blob: LOGO.base64 }] });
    assert.deepEqual([...Buffer.from((logo.contents[0] as { blob: string }).blob, 'base64')].slice(-4), [0x00, 0xff, 0xfe, 0x80]);
    assert.deepEqual(await client.readResource({ uri: 'memo://notes/beta' }), {
      contents: [{ uri: 'memo://notes/beta', mimeType: 'text/markdown', text: noteText('beta') }],
    });
    assert.deepEqual(await client.readResource({ uri: 'memo://files/src/main.ts' }), {
      contents: [{ uri: 'memo://files/src/main.ts', text: 'contents of src/main.ts' }],
    });
    // 2025-11-25 server/resources.mdx: "Resource not found: `-32002`".
    await assert.rejects(client.readResource({ uri: 'memo://files/src/missing.ts' }), rejectsWith(-32002));
    await assert.rejects(client.readResource({ uri: 'memo://nowhere' }), rejectsWith(-32002));
  });

  it('notifies resources/updated for subscribed URIs only', async () => {
    await client.subscribeResource({ uri: GREETING.uri });
    await client.callTool({ name: 'touch', arguments: { uri: GREETING.uri } });
    await updates.waitFor((uri) => uri === GREETING.uri, 'the greeting update');
    await client.unsubscribeResource({ uri: GREETING.uri });
    await client.callTool({ name: 'touch', arguments: { uri: GREETING.uri } });
    await client.subscribeResource({ uri: LOGO.uri });
    await client.callTool({ name: 'touch', arguments: { uri: LOGO.uri } });
    await updates.waitFor((uri) => uri === LOGO.uri, 'the logo update');
    // Updates come in the order they were sent: none came for the unsubscribed greeting.
    assert.deepEqual(updates.items, [GREETING.uri, LOGO.uri]);
  });

  it('lists prompts and fills them in with every content type', async () => {
    const { prompts } = await client.listPrompts();
    assert.deepEqual(prompts, [
      {
        name: 'review',
        title: 'Code review',
        description: 'Asks for a code review',
        arguments: [
          { name: 'language', description: 'The programming language', required: true },
          { name: 'style', description: 'The style guide' },
        ],
      },
      { name: 'greet', description: 'A greeting' },
    ]);
    assert.deepEqual(await client.getPrompt({ name: 'review', arguments: { language: 'rust', style: 'clippy' } }), {
      description: 'Review of rust code',
      messages: reviewMessages('rust', 'clippy'),
    });
    assert.deepEqual(await client.getPrompt({ name: 'greet' }), { messages: [{ role: 'user', content: { type: 'text', text: 'Hello!' } }] });
    await assert.rejects(client.getPrompt({ name: 'review', arguments: { style: 'black' } }), rejectsWith(-32602));
  });

  it('completes prompt arguments and template variables, given the other arguments', async () => {
    const values = async (ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string }, name: string, value: string, context?: Record<string, string>) =>
      (await client.complete({ ref, argument: { name, value }, ...(context && { context: { arguments: context } }) })).completion;
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

  it('sends log messages at and above the level set, none before a level is set', async () => {
    await client.callTool({ name: 'log', arguments: {} });
    await client.setLoggingLevel('error');
    await client.callTool({ name: 'log', arguments: {} });
    await logs.waitFor((m) => m.level === 'emergency', 'the emergency log message');
    // Messages arrive in order: had the first call logged anything, it would come first.
    const expected = LOG_LEVELS.slice(4).map((level) => ({ level, logger: 'features', data: { seq: LOG_LEVELS.indexOf(level), level } }));
    assert.deepEqual(logs.items, expected);
    // 2025-11-25 server/utilities/logging.mdx: "Invalid log level: `-32602` (Invalid params)".
    await assert.rejects(client.request({ method: 'logging/setLevel', params: { level: 'loud' } }, EmptyResultSchema), rejectsWith(-32602));
  });

  it('reports progress with totals and messages', async () => {
    const updates: unknown[] = [];
    const result = await client.callTool({ name: 'progress', arguments: { n: 3 } }, undefined, { onprogress: (p) => updates.push(p) });
    assert.deepEqual(result.content, [{ type: 'text', text: 'reported 3 steps' }]);
    assert.deepEqual(updates, [1, 2, 3].map((i) => ({ progress: i, total: 3, message: `step ${i} of 3` })));
  });

  it('cancels a tool call: the server aborts it, and cancels the sampling request it was waiting on', async () => {
    const controller = new AbortController();
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const call = client.callTool({ name: 'slow', arguments: { tag: 'sdk' } }, undefined, { signal: controller.signal, onprogress: () => started() });
    await within(running, 10_000, 'the slow tool to start');
    controller.abort('the SDK user gave up');
    await assert.rejects(call);
    assert.deepEqual(parsed(await client.callTool({ name: 'aborts', arguments: {} })), ['sdk: Request cancelled by the peer: the SDK user gave up']);

    const sampling = new AbortController();
    const waiting = client.callTool({ name: 'sample', arguments: { prompt: HANG } }, undefined, { signal: sampling.signal });
    const { signal } = await sampled.waitFor((s) => JSON.stringify(s.params).includes(HANG), 'the hanging sampling request');
    sampling.abort('no longer needed');
    await assert.rejects(waiting);
    await within(new Promise((resolve) => (signal.aborted ? resolve(undefined) : signal.addEventListener('abort', resolve))), 10_000, 'the sampling request to be cancelled');
    assert.equal(signal.reason, 'Request cancelled by the peer: no longer needed');
  });

  it('samples the client’s model, plain and with a tool offered', async () => {
    assert.deepEqual(parsed(await client.callTool({ name: 'sample', arguments: { prompt: 'Hi there' } })), {
      role: 'assistant',
      content: { type: 'text', text: 'You said: Hi there' },
      model: 'stub-model',
      stopReason: 'endTurn',
    });
    const plain = await sampled.waitFor((s) => JSON.stringify(s.params).includes('Hi there'), 'the plain sampling request');
    assert.deepEqual(plain.params, { messages: [{ role: 'user', content: { type: 'text', text: 'Hi there' } }], ...SAMPLE_OPTIONS });

    const question = 'What is MCP?';
    const before = sampled.items.length;
    assert.deepEqual(parsed(await client.callTool({ name: 'sample-with-tools', arguments: { question } })), { first: expectedToolUse, second: expectedToolAnswer });
    const [first, second] = sampled.items.slice(before).map((s) => s.params);
    assert.deepEqual(first, { messages: toolConversation(question).slice(0, 1), ...TOOL_OFFER });
    assert.deepEqual(second, { messages: toolConversation(question), ...TOOL_OFFER });
  });

  it('elicits through the client in form and URL modes, and announces the URL one complete', async () => {
    assert.deepEqual(parsed(await client.callTool({ name: 'elicit-form', arguments: {} })), fillProfile(''));
    assert.deepEqual(elicited.items.at(-1), { mode: 'form', ...PROFILE_FORM });
    assert.deepEqual(parsed(await client.callTool({ name: 'elicit-form', arguments: { message: 'please decline' } })), { action: 'decline' });

    assert.deepEqual(parsed(await client.callTool({ name: 'elicit-url', arguments: {} })), { action: 'accept' });
    assert.deepEqual(elicited.items.at(-1), LOGIN);
    assert.equal(await elicitationsComplete.waitFor((id) => id === LOGIN.elicitationId, 'the elicitation complete notification'), LOGIN.elicitationId);

    await assert.rejects(client.callTool({ name: 'needs-login', arguments: {} }), (error: unknown) => {
      assert.ok(error instanceof McpError && error.code === -32042, String(error));
      assert.deepEqual(error.data, { elicitations: [LOGIN_REQUIRED] });
      return true;
    });
    await client.callTool({ name: 'finish-login', arguments: {} });
    await elicitationsComplete.waitFor((id) => id === LOGIN_REQUIRED.elicitationId, 'the completion of the required elicitation');
    assert.deepEqual(elicitationsComplete.items, [LOGIN.elicitationId, LOGIN_REQUIRED.elicitationId]);
  });

  it('refuses a form answer that breaks the requested schema', async () => {
    // 2025-11-25 client/elicitation.mdx: "Servers **SHOULD** validate received data matches the
    // requested schema". The SDK client checks only the result's shape, so the answer arrives.
    const outcome = await client.callTool({ name: 'elicit-form', arguments: { message: 'answer off-schema' } }).then(
      (result) => (result.isError ? 'refused' : parsed(result)),
      () => 'refused',
    );
    assert.equal(outcome, 'refused');
  });

  it('lists the client’s roots, and lists them again after roots/list_changed', async () => {
    assert.deepEqual(parsed(await client.callTool({ name: 'roots', arguments: {} })), { roots: ROOTS_BEFORE });
    roots = ROOTS_AFTER;
    await client.sendRootsListChanged();
    assert.deepEqual(parsed(await client.callTool({ name: 'roots-seen', arguments: { count: 1 } })), [{ roots: ROOTS_AFTER }]);
    assert.equal(rootsListed, 2);
  });

  it('saw nothing unexpected on the way: no stray responses, progress or malformed messages', () => {
    assert.deepEqual(errors.map(String), []);
  });
});

describe('the official SDK client declaring elicitation: {}, sampling without tools, and no roots, against an mcpkit server', () => {
  const client = new SdkClient({ name: 'sdk-plain-client', version: '1.32.2' }, { capabilities: { sampling: {}, elicitation: {} } });
  const asked: string[] = [];
  client.setRequestHandler(CreateMessageRequestSchema, ({ params }) => {
    asked.push('sampling');
    return stubModel(params) as CreateMessageResult;
  });
  client.setRequestHandler(ElicitRequestSchema, ({ params }) => {
    asked.push(`elicitation (${params.mode})`);
    return fillProfile(params.message);
  });
  let stderr: { text: string };
  before(async () => (stderr = await connect(client)));
  after(async () => {
    await within(client.close(), 15_000, 'the SDK client to close');
    if (stderr.text) console.error(`mcpkit server stderr:\n${stderr.text}`);
  });

  // What a tool that needs a capability the client lacks gets: its error message either way.
  const outcome = (name: string): Promise<{ code?: number; text: string }> =>
    client.callTool({ name, arguments: { question: 'q' } }).then(
      (result) => ({ text: firstText(result) }),
      (error: unknown) => ({ code: (error as McpError).code, text: (error as Error).message }),
    );

  it('takes an empty elicitation capability for form mode, and asks the client for nothing it did not declare', async () => {
    // 2025-11-25 client/elicitation.mdx: "an empty capabilities object is equivalent to declaring support for `form` mode only".
    assert.deepEqual(parsed(await client.callTool({ name: 'elicit-form', arguments: {} })), fillProfile(''));
    assert.match((await outcome('elicit-url')).text, /does not support URL-mode elicitation/);
    assert.match((await outcome('sample-with-tools')).text, /does not support tools in sampling/);
    assert.match((await outcome('roots')).text, /does not support roots/);
    assert.deepEqual(asked, ['elicitation (form)']);
  });

  it('reports a capability the client lacks without calling tools/call a missing method', async () => {
    for (const name of ['elicit-url', 'sample-with-tools', 'roots']) assert.notEqual((await outcome(name)).code, -32601, name);
  });
});
