/**
 * The consent prompt: before a server's tool runs, a server's sampling request reaches the
 * model, or a server's skill is read for it, the user sees what is asked (server, tool, hints,
 * arguments; the system prompt and last message; the skill, its description and the file) and
 * answers allow once, always, or deny. It starts on deny, and keys typed
 * before it shows are dropped, so only a choice made at the prompt allows. Esc and `n` deny;
 * Ctrl-C denies and interrupts. Its signature is a `ConsentHook`'s, so it can be given to the
 * host as one.
 * @module
 */
import type { SamplingMessage, ToolAnnotations } from 'mcpkit';
import type {
  ConsentAnswer,
  ConsentRequest,
  SamplingConsentRequest,
  SkillConsentRequest,
  ToolConsentRequest,
} from 'mcpkit/host';
import { ask, show } from './prompt.js';
import { firstLine, oneLine, paragraph, prettyJson } from './text.js';

/**
 * Asks the user whether `request` may go ahead. Resolves `deny` on Esc or `n`; rejects with an
 * `InterruptedError` on Ctrl-C (the request counts as denied), and with the signal's reason
 * when `signal` aborts (the request was given up).
 */
export async function askConsent(request: ConsentRequest, signal?: AbortSignal): Promise<ConsentAnswer> {
  const { lines, question, always } = describe(request);
  await show(lines);
  const outcome = await ask<ConsentAnswer>(
    (clack, streams) =>
      clack.select<ConsentAnswer>({
        ...streams,
        message: `${question} (n or Esc: deny)`,
        options: [
          { value: 'allow', label: 'Allow once' },
          { value: 'always', label: always },
          { value: 'deny', label: 'Deny' },
        ],
        // Enter alone allows nothing: allowing takes a choice.
        initialValue: 'deny',
        showInstructions: false,
      }),
    { signal, keys: ['n', 'N'], discardTypedAhead: true },
  );
  if (outcome.kind === 'answer') return outcome.value;
  await show(['Denied.'], 0);
  return 'deny';
}

interface Description {
  lines: string[];
  question: string;
  /** The label of the "always" answer: what it allows from now on. */
  always: string;
}

function describe(request: ConsentRequest): Description {
  // The request may come from a configuration or a test as JSON: its shape is not a given.
  const kind = (request as { kind?: unknown }).kind;
  if (kind === 'tool') return describeTool(request as ToolConsentRequest);
  if (kind === 'sampling') return describeSampling(request as SamplingConsentRequest);
  if (kind === 'skill') return describeSkill(request as SkillConsentRequest);
  throw new TypeError(`a consent request's kind is "tool", "sampling" or "skill", not ${JSON.stringify(kind)}`);
}

function from(request: ConsentRequest): string {
  return `server "${oneLine(String(request.server), 80)}" (${request.trusted ? 'trusted' : 'not trusted'})`;
}

function describeTool(request: ToolConsentRequest): Description {
  const tool = request.tool;
  const name = oneLine(String(tool.name), 80);
  const title = tool.title ?? tool.annotations?.title;
  const description = firstLine(typeof tool.description === 'string' ? tool.description : undefined);
  const args = request.arguments ?? {};
  return {
    lines: [
      `Tool call from ${from(request)}`,
      title !== undefined && title !== tool.name ? `${oneLine(title, 80)} (${name})` : name,
      ...(description !== undefined ? [oneLine(description)] : []),
      `Hints (the server's word, not a promise): ${hints(tool.annotations)}`,
      Object.keys(args).length === 0 ? 'Arguments: none' : `Arguments:\n${prettyJson(args)}`,
    ],
    question: `Run ${name}?`,
    always: `Always allow ${name} (while this runs)`,
  };
}

/**
 * The hints as words. MCP gives absent hints defaults (a tool not read-only may be destructive
 * and reach an open world): those are shown as assumed.
 */
function hints(annotations: ToolAnnotations | undefined): string {
  const a = annotations ?? {};
  if (a.readOnlyHint === true) return 'read-only';
  const words: string[] = [];
  if (a.destructiveHint !== false) words.push(a.destructiveHint === true ? 'destructive' : 'destructive (assumed)');
  if (a.idempotentHint === true) words.push('idempotent');
  if (a.openWorldHint !== false) words.push(a.openWorldHint === true ? 'open world' : 'open world (assumed)');
  return words.length > 0 ? words.join(', ') : 'not read-only, not destructive, closed world';
}

function describeSampling(request: SamplingConsentRequest): Description {
  const params = request.params ?? { messages: [], maxTokens: 0 };
  const messages = Array.isArray(params.messages) ? params.messages : [];
  const last = messages.at(-1);
  const facts = [
    `at most ${String(params.maxTokens)} tokens`,
    `${messages.length} message${messages.length === 1 ? '' : 's'}`,
    ...(params.tools?.length ? [`${params.tools.length} tool${params.tools.length === 1 ? '' : 's'} offered`] : []),
  ];
  return {
    lines: [
      `Sampling request from ${from(request)}: it wants the model to answer.`,
      ...(params.systemPrompt ? [`System prompt:\n${paragraph(params.systemPrompt, 600, 6)}`] : []),
      last !== undefined
        ? `Last message (${oneLine(String(last.role), 20)}):\n${paragraph(messageText(last))}`
        : 'No messages.',
      `Answer: ${facts.join(', ')}`,
    ],
    question: 'Let the model answer?',
    always: `Always allow sampling for ${oneLine(String(request.server), 80)} (while this runs)`,
  };
}

function describeSkill(request: SkillConsentRequest): Description {
  const frontmatter = request.skill?.frontmatter ?? { name: '', description: '' };
  const name = oneLine(String(request.name), 80);
  return {
    lines: [
      `Skill from ${from(request)}: its instructions will guide the model.`,
      `${name}: ${paragraph(String(frontmatter.description), 400, 4)}`,
      `File: ${oneLine(String(request.uri), 120)}`,
    ],
    question: `Read ${name} for the model?`,
    always: `Always allow ${name} as it is now (while this runs)`,
  };
}

/** A message's text blocks, and a short mark for each block that is not text. */
function messageText(message: SamplingMessage): string {
  const blocks: unknown[] = Array.isArray(message.content) ? message.content : [message.content];
  return blocks
    .map((block) => {
      const b = (block ?? {}) as Record<string, unknown>;
      if (b.type === 'text') return String(b.text);
      if (b.type === 'image' || b.type === 'audio') return `[${b.type} ${String(b.mimeType)}]`;
      if (b.type === 'tool_use') return `[tool call: ${String(b.name)}]`;
      if (b.type === 'tool_result') return '[tool result]';
      return `[${String(b.type)}]`;
    })
    .join('\n');
}
