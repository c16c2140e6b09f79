// Shared by the feature interop tests: what the client side answers (a stub model, a user filling
// in forms, the roots it offers), a mailbox to wait for what arrives, and the expectations both
// feature fixtures must meet whichever SDK they are written with.
import assert from 'node:assert/strict';
import type { CompleteRequestParams, CompleteResult } from '../../src/index.js';
import { within, firstText } from './e2e.js';
import { FILE_TEMPLATE, GREETING, LOGO, LOOKUP_TOOL, NOTE_TEMPLATE, NOTE_TOPICS } from './interop-features-data.js';

/** Everything that arrived, and promises of what is still to come. */
export class Inbox<T> {
  readonly items: T[] = [];
  readonly #waiters = new Set<{ test: (item: T) => boolean; resolve: (item: T) => void }>();

  push(item: T): void {
    this.items.push(item);
    for (const waiter of [...this.#waiters]) {
      if (!waiter.test(item)) continue;
      this.#waiters.delete(waiter);
      waiter.resolve(item);
    }
  }

  /** The first item, arrived or to come, that passes `test`; rejects if none comes within 10 s. */
  waitFor(test: (item: T) => boolean, what: string): Promise<T> {
    const found = this.items.find(test);
    if (found !== undefined) return Promise.resolve(found);
    return within(new Promise<T>((resolve) => this.#waiters.add({ test, resolve })), 10_000, what);
  }
}

type Block = { type: string; text?: string; content?: Block[] };
interface SamplingParams {
  messages: { role: string; content: Block | Block[] }[];
  tools?: { name: string }[];
}

const blocksOf = (content: Block | Block[]): Block[] => (Array.isArray(content) ? content : [content]);

/**
 * The client's model: offered tools, it asks for the first one; given tool results, or no tools,
 * it answers with the text it was sent.
 */
export function stubModel(params: SamplingParams): Record<string, unknown> {
  const last = blocksOf(params.messages.at(-1)?.content ?? []);
  const tool = params.tools?.[0];
  if (tool && !last.some((b) => b.type === 'tool_result')) {
    return {
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'call-1', name: tool.name, input: { term: 'MCP' } }],
      model: 'stub-model',
      stopReason: 'toolUse',
    };
  }
  const said = last
    .map((b) => (b.type === 'tool_result' ? (b.content ?? []).map((c) => c.text).join(' ') : (b.text ?? `[${b.type}]`)))
    .join(' ');
  return {
    role: 'assistant',
    content: { type: 'text', text: `You said: ${said}` },
    model: 'stub-model',
    stopReason: 'endTurn',
  };
}

/** The text the stub model is sent to make it wait until its request is cancelled. */
export const HANG = 'hang until cancelled';

/**
 * The user, shown the profile form: declines when asked to, answers off the form's schema (no
 * name, an age that is not an integer) when asked to, else fills it in.
 */
export function fillProfile(message: string): {
  action: 'accept' | 'decline';
  content?: Record<string, string | number | boolean>;
} {
  if (message.includes('decline')) return { action: 'decline' };
  if (message.includes('off-schema')) return { action: 'accept', content: { age: 'old' } };
  return { action: 'accept', content: { name: 'Ada', age: 36, color: 'green', subscribe: true } };
}

export const ROOTS_BEFORE = [{ uri: 'file:///work/project', name: 'Project' }];
export const ROOTS_AFTER = [...ROOTS_BEFORE, { uri: 'file:///tmp/scratch', name: 'Scratch' }];

/** The JSON a fixture tool returned as text. */
export const parsed = (result: unknown): unknown => JSON.parse(firstText(result as Record<string, unknown>));

export const TOOL_NAMES = [
  'forecast',
  'log',
  'progress',
  'slow',
  'aborts',
  'sample',
  'sample-with-tools',
  'elicit-form',
  'elicit-url',
  'needs-login',
  'finish-login',
  'roots',
  'roots-seen',
  'touch',
];

/** `resources/list`, less what each SDK adds of its own. */
export const LISTED_RESOURCES = [
  { uri: GREETING.uri, name: GREETING.name, title: GREETING.title, mimeType: GREETING.mimeType },
  { uri: LOGO.uri, name: LOGO.name, mimeType: LOGO.mimeType },
  ...NOTE_TOPICS.map((topic) => ({ uri: `memo://notes/${topic}`, name: `note-${topic}`, mimeType: 'text/markdown' })),
];

export const LISTED_TEMPLATES = [
  { uriTemplate: NOTE_TEMPLATE, name: 'note', description: 'A note on a topic', mimeType: 'text/markdown' },
  { uriTemplate: FILE_TEMPLATE, name: 'file', description: 'A file in a folder' },
];

/**
 * `prompts/list`: the optional argument `style` with `required: false` where the server says so
 * (the SDKs' McpServer does; mcpkit leaves `required` out).
 */
export const listedPrompts = (optionalMarked: boolean) => [
  {
    name: 'review',
    title: 'Code review',
    description: 'Asks for a code review',
    arguments: [
      { name: 'language', description: 'The programming language', required: true },
      { name: 'style', description: 'The style guide', ...(optionalMarked && { required: false }) },
    ],
  },
  { name: 'greet', description: 'A greeting' },
];

/** The members of each listed item that both SDKs send. */
export const pick = <T extends object>(items: readonly T[], keys: readonly string[]): Record<string, unknown>[] =>
  items.map((item) => Object.fromEntries(Object.entries(item).filter(([key]) => keys.includes(key))));

export { SAMPLE_OPTIONS } from './interop-features-data.js';

/** What both sampling rounds of tool `sample-with-tools` offer the model besides the messages. */
export const TOOL_OFFER = { tools: [LOOKUP_TOOL], toolChoice: { mode: 'auto' }, maxTokens: 64 };

export const expectedToolUse = {
  role: 'assistant',
  content: [{ type: 'tool_use', id: 'call-1', name: 'lookup', input: { term: 'MCP' } }],
  model: 'stub-model',
  stopReason: 'toolUse',
};
export const expectedToolAnswer = {
  role: 'assistant',
  content: { type: 'text', text: 'You said: MCP: Model Context Protocol' },
  model: 'stub-model',
  stopReason: 'endTurn',
};
/** The conversation of the second sampling round of tool `sample-with-tools`. */
export const toolConversation = (question: string) => [
  { role: 'user', content: { type: 'text', text: question } },
  { role: 'assistant', content: expectedToolUse.content },
  {
    role: 'user',
    content: [
      { type: 'tool_result', toolUseId: 'call-1', content: [{ type: 'text', text: 'MCP: Model Context Protocol' }] },
    ],
  },
];

/**
 * Asks for the completions every feature server offers (prompt `review`, whose `style` depends
 * on `language`; the note and file templates, whose `name` depends on `folder`) through
 * `complete`, a client's `completion/complete`, and checks each answer.
 */
export async function assertCompletions(
  complete: (params: CompleteRequestParams) => Promise<CompleteResult>,
): Promise<void> {
  const values = async (
    ref: CompleteRequestParams['ref'],
    name: string,
    value: string,
    context?: Record<string, string>,
  ) =>
    (await complete({ ref, argument: { name, value }, ...(context && { context: { arguments: context } }) }))
      .completion;
  const review = { type: 'ref/prompt' as const, name: 'review' };
  assert.deepEqual(await values(review, 'language', 'p'), {
    values: ['perl', 'php', 'python'],
    total: 3,
    hasMore: false,
  });
  assert.deepEqual((await values(review, 'style', '', { language: 'rust' })).values, ['clippy', 'rustfmt']);
  assert.deepEqual((await values(review, 'style', 'p', { language: 'python' })).values, ['pep8']);
  assert.deepEqual((await values(review, 'style', '')).values, []);
  assert.deepEqual((await values({ type: 'ref/resource', uri: NOTE_TEMPLATE }, 'topic', 'al')).values, [
    'alpha',
    'alpine',
  ]);
  const files = { type: 'ref/resource' as const, uri: FILE_TEMPLATE };
  assert.deepEqual((await values(files, 'name', '', { folder: 'docs' })).values, ['guide.md', 'intro.md']);
  assert.deepEqual((await values(files, 'name', 'u', { folder: 'src' })).values, ['util.ts']);
}
