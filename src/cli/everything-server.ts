/**
 * An MCP server that uses every feature mcpkit offers a server: tools (plain, structured,
 * progress, cancellation, errors, asking the user and the client's model), resources and
 * templates with completion and subscriptions, prompts, and logging; skills when given some.
 * `mcpkit example-server` serves it over stdio.
 * @module
 */
import {
  Server,
  blobContents,
  embeddedResource,
  resourceLink,
  textContents,
  type ServerContext,
  type ServerOptions,
} from 'mcpkit/server';

/** The scope the `note` tool needs when the server checks tokens (`example-server --http --auth`). */
export const NOTES_WRITE_SCOPE = 'notes:write';

/** A 1x1 transparent PNG, small enough to inline. */
const PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
/** The text of `memo://notes`, which the `note` tool rewrites. */
interface Notes {
  text: string;
}

/** The example server; tools are listed in the order they are added here. */
export function createEverythingServer(options: Pick<ServerOptions, 'skills' | 'onError'> = {}): Server {
  const server = new Server(
    { name: 'mcpkit-example', version: '0.1.0', title: 'mcpkit example server' },
    {
      instructions:
        'Example tools, resources and prompts that show every MCP feature. Try `echo`, `weather`, `count` and the `memo://notes` resource.',
      ...options,
    },
  );
  const notes: Notes = { text: 'Nothing noted yet.' };
  addAnsweringTools(server);
  addCountTool(server);
  addShowingTools(server, notes);
  addAskingTools(server);
  addReportTool(server);
  addClientTools(server);
  addResources(server, notes);
  addPrompts(server, notes);
  return server;
}

/** Tools that answer at once: text, a sum, structured data. */
function addAnsweringTools(server: Server): void {
  server.tool(
    'echo',
    {
      description: 'Echoes the given text back.',
      inputSchema: {
        type: 'object',
        properties: { text: { type: 'string', description: 'Text to echo' } },
        required: ['text'],
      },
    },
    ({ text }) => ({ content: [{ type: 'text', text: String(text) }] }),
  );

  server.tool(
    'add',
    {
      description: 'Adds two numbers.',
      annotations: { readOnlyHint: true, idempotentHint: true },
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
      },
    },
    ({ a, b }) => ({ content: [{ type: 'text', text: String(Number(a) + Number(b)) }] }),
  );

  server.tool(
    'weather',
    {
      title: 'Weather',
      description: 'Made-up current weather for a city, as structured data.',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      outputSchema: {
        type: 'object',
        properties: {
          city: { type: 'string' },
          temperatureC: { type: 'number' },
          conditions: { type: 'string', enum: ['sunny', 'cloudy', 'rainy'] },
        },
        required: ['city', 'temperatureC', 'conditions'],
      },
    },
    ({ city }) => {
      const name = String(city);
      const seed = [...name].reduce((sum, c) => sum + c.charCodeAt(0), 0);
      const conditions = (['sunny', 'cloudy', 'rainy'] as const)[seed % 3]!;
      // No content: the server sends the JSON of structuredContent as its text.
      return { structuredContent: { city: name, temperatureC: 5 + (seed % 25), conditions } };
    },
  );
}

/** A tool that takes time: progress, and cancellation. */
function addCountTool(server: Server): void {
  server.tool(
    'count',
    {
      description: 'Counts to n, one step every `delayMs` milliseconds, reporting progress. Stops when cancelled.',
      inputSchema: {
        type: 'object',
        properties: {
          n: { type: 'integer', minimum: 1, maximum: 1000 },
          delayMs: { type: 'integer', minimum: 0, maximum: 60000 },
        },
        required: ['n'],
      },
    },
    async ({ n, delayMs }, ctx) => {
      const total = Number(n);
      for (let i = 1; i <= total; i++) {
        await sleep(delayMs === undefined ? 100 : Number(delayMs), ctx.signal);
        if (ctx.signal.aborted) return { content: [{ type: 'text', text: `cancelled at ${i - 1}` }], isError: true };
        await ctx.progress(i, total, `counted ${i} of ${total}`);
      }
      return { content: [{ type: 'text', text: `counted to ${total}` }] };
    },
  );
}

/** How a tool error, media and a changed resource look. */
function addShowingTools(server: Server, notes: Notes): void {
  server.tool('fail', { description: 'Always fails, to show how tool errors look.' }, () => {
    throw new Error('This tool fails on purpose.');
  });

  server.tool('media', { description: 'Returns an image, a link to a resource and an embedded resource.' }, () => ({
    content: [
      { type: 'image', data: PIXEL_PNG, mimeType: 'image/png' },
      resourceLink({ uri: 'memo://notes', name: 'notes', mimeType: 'text/plain' }),
      embeddedResource(textContents('memo://notes', notes.text, 'text/plain')),
    ],
  }));

  server.tool(
    'note',
    {
      description: 'Replaces the text of memo://notes; subscribers are told it changed.',
      inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      // Over HTTP with --auth, writing takes a scope a plain login does not ask for: the call
      // shows step-up (403 insufficient_scope, then authorizing again for more).
      scopes: [NOTES_WRITE_SCOPE],
    },
    async ({ text }, ctx) => {
      notes.text = String(text);
      await ctx.log('info', { noted: notes.text.length }, 'notes');
      await server.resourceUpdated('memo://notes');
      return { content: [{ type: 'text', text: 'Noted.' }] };
    },
  );
}

/** Tools that ask the client: the user (elicitation), the client's model (sampling). */
function addAskingTools(server: Server): void {
  server.tool(
    'ask_name',
    { description: 'Asks the user for their name (elicitation) and greets them.' },
    async (_args, ctx) => {
      const answer = await ctx.elicit({
        message: 'What is your name?',
        requestedSchema: {
          type: 'object',
          properties: { name: { type: 'string', title: 'Name', minLength: 1 } },
          required: ['name'],
        },
      });
      if (answer.action !== 'accept') return { content: [{ type: 'text', text: `No name given (${answer.action}).` }] };
      return { content: [{ type: 'text', text: `Hello, ${String(answer.content?.name)}!` }] };
    },
  );

  server.tool(
    'haiku',
    {
      description: "Asks the client's model for a haiku (sampling).",
      inputSchema: { type: 'object', properties: { topic: { type: 'string' } }, required: ['topic'] },
    },
    async ({ topic }, ctx) => {
      const reply = await ctx.sample({
        messages: [{ role: 'user', content: { type: 'text', text: `Write a haiku about ${String(topic)}.` } }],
        maxTokens: 100,
      });
      const blocks = Array.isArray(reply.content) ? reply.content : [reply.content];
      return { content: blocks.flatMap((b) => (b.type === 'text' ? [{ type: 'text' as const, text: b.text }] : [])) };
    },
  );
}

/** A task that reports how far it is and asks halfway. */
function addReportTool(server: Server): void {
  server.tool(
    'report',
    {
      title: 'Report',
      description:
        'Writes a report in steps, as a task: it outlives the request, reports how far it is, and asks halfway whether to add details.',
      inputSchema: {
        type: 'object',
        properties: {
          topic: { type: 'string' },
          steps: { type: 'integer', minimum: 2, maximum: 20, default: 4 },
          stepMs: { type: 'integer', minimum: 0, maximum: 10_000, default: 400 },
        },
        required: ['topic'],
      },
      task: 'optional',
    },
    async ({ topic, steps, stepMs }, ctx) => {
      const total = Number(steps ?? 4);
      const pause = Number(stepMs ?? 400);
      const lines = [`Report on ${String(topic)}`];
      let details = false;
      for (let step = 1; step <= total && !ctx.signal.aborted; step++) {
        if (step === Math.ceil(total / 2) + 1) {
          const answer = await ctx.elicit({
            message: `Half of the report on ${String(topic)} is written. Add details to the rest?`,
            requestedSchema: {
              type: 'object',
              properties: { details: { type: 'boolean', title: 'Add details', default: false } },
              required: ['details'],
            },
          });
          details = answer.action === 'accept' && answer.content?.details === true;
        }
        await sleep(pause, ctx.signal);
        lines.push(`${step}. section ${step}${details ? ' (with details)' : ''}`);
        await ctx.progress(step, total, `section ${step} of ${total} written`);
      }
      if (ctx.signal.aborted) return { content: [{ type: 'text', text: 'Report abandoned.' }], isError: true };
      return { content: [{ type: 'text', text: lines.join('\n') }] };
    },
  );
}

/** Tools about the client: its roots, its identity and capabilities. */
function addClientTools(server: Server): void {
  server.tool('roots', { description: "Lists the client's roots." }, async (_args, ctx) => {
    const { roots } = await ctx.listRoots();
    return { content: [{ type: 'text', text: roots.map((r) => r.uri).join('\n') || '(no roots)' }] };
  });

  server.tool(
    'who',
    { description: 'Says which client is calling and what it can do.' },
    (_args, ctx: ServerContext) => ({
      content: [
        {
          type: 'text',
          text: `${ctx.clientInfo?.name ?? 'unknown'} (protocol ${ctx.protocolVersion}), capabilities: ${JSON.stringify(ctx.clientCapabilities)}`,
        },
      ],
    }),
  );
}

/** A resource that changes, a binary one, and a template with completion. */
function addResources(server: Server, notes: Notes): void {
  server.resource(
    'memo://notes',
    { name: 'notes', title: 'Notes', description: 'A note the `note` tool rewrites.', mimeType: 'text/plain' },
    () => notes.text,
  );
  server.resource('memo://pixel.png', { name: 'pixel', description: 'A 1x1 PNG.', mimeType: 'image/png' }, (uri) => ({
    contents: [blobContents(uri, PIXEL_PNG, 'image/png')],
  }));
  server.resourceTemplate(
    'greeting://{name}',
    {
      name: 'greeting',
      description: 'A greeting for anyone.',
      mimeType: 'text/plain',
      complete: {
        name: (value) =>
          ['Ada', 'Alan', 'Grace', 'Linus'].filter((n) => n.toLowerCase().startsWith(value.toLowerCase())),
      },
    },
    (_uri, { name }) => `Hello, ${name}!`,
  );
}

/** A prompt with arguments and completion, and one that embeds a resource. */
function addPrompts(server: Server, notes: Notes): void {
  server.prompt(
    'review_code',
    {
      title: 'Review code',
      description: 'Asks for a review of a piece of code.',
      arguments: [
        { name: 'code', required: true },
        { name: 'language', description: 'Programming language' },
      ],
      complete: { language: (value) => ['go', 'python', 'rust', 'typescript'].filter((l) => l.startsWith(value)) },
    },
    ({ code, language }) => ({
      description: 'A code review request',
      messages: [
        { role: 'user', content: { type: 'text', text: `Please review this ${language ?? ''} code:\n\n${code}` } },
      ],
    }),
  );
  server.prompt('describe_notes', { description: 'Asks the model to summarize the notes, embedding them.' }, () => ({
    messages: [
      { role: 'user', content: embeddedResource(textContents('memo://notes', notes.text, 'text/plain')) },
      { role: 'user', content: { type: 'text', text: 'Summarize the notes above in one sentence.' } },
    ],
  }));
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
