/**
 * `mcpkit chat`: a conversation with a model that may use every configured server's tools.
 * The answer streams to stdout as it comes; each tool call is shown on stderr and asked about
 * first (unless `--yes`); Ctrl-C during an answer stops that answer, at the prompt it ends the
 * chat. `--prompt TEXT` answers one prompt and exits.
 */
import { createInterface } from 'node:readline/promises';
import type { ChatEvent, Host, ModelMessage, ServerEntry } from 'mcpkit/host';
import { withConfigHost, withHost } from '../config-host.js';
import { EXIT } from '../exit-codes.js';
import { modelFrom } from '../models.js';
import { parseCommand, type CommonOptions } from '../options.js';
import { renderContent } from '../render.js';
import { isUrlTarget, UsageError, type ServerTarget } from '../server-target.js';
import { ProgressBar } from '../terminal/index.js';
import { oneLine as safeLine } from '../terminal/text.js';

const CHAT_OPTIONS = {
  provider: { type: 'string' },
  'base-url': { type: 'string' },
  model: { type: 'string' },
  system: { type: 'string' },
  prompt: { type: 'string' },
  yes: { type: 'boolean', default: false },
  'max-steps': { type: 'string' },
} as const;

export async function runChat(args: string[]): Promise<number> {
  const { options, positionals, target, config, values } = parseCommand('chat', args, CHAT_OPTIONS, true);
  if (positionals.length > 0) throw new UsageError(`unexpected arguments: ${positionals.join(' ')}`);
  const model = modelFrom({
    provider: values.provider as string | undefined,
    baseUrl: values['base-url'] as string | undefined,
    model: values.model as string | undefined,
  });
  const maxSteps = values['max-steps'] === undefined ? undefined : Number(values['max-steps']);
  if (maxSteps !== undefined && (!Number.isInteger(maxSteps) || maxSteps < 1))
    throw new UsageError(`--max-steps must be a positive whole number, not ${String(values['max-steps'])}`);
  const turn = {
    ...(typeof values.system === 'string' && { system: values.system }),
    ...(maxSteps !== undefined && { maxSteps }),
  };
  const once = values.prompt as string | undefined;
  if (options.json && once === undefined) throw new UsageError('--json goes with --prompt (one answer, as JSON lines)');
  const run = (host: Host) =>
    once !== undefined
      ? oneTurn(host, [{ role: 'user', content: once }], { ...turn, json: options.json }).then((r) => r.code)
      : converse(host, turn);
  const settings = { yes: values.yes === true, model };
  if (config !== undefined) return withConfigHost(config, options, run, settings);
  // One server given directly, or none: the model alone.
  return withHost(target === undefined ? {} : { server: entryOf(target, options) }, options, run, settings);
}

/** The host's entry for a server given on the command line. */
function entryOf(target: ServerTarget, options: CommonOptions): ServerEntry {
  if (isUrlTarget(target)) return { type: 'http', url: target.url, headers: Object.fromEntries(options.headers) };
  const [command, ...args] = target.command;
  if (command === undefined) throw new UsageError('no server given after --');
  return { type: 'stdio', command, args, env: options.env, ...(options.cwd !== undefined && { cwd: options.cwd }) };
}

interface TurnSettings {
  system?: string;
  maxSteps?: number;
  /** Each event as a line of JSON on stdout instead of text. */
  json?: boolean;
}

/** The interactive chat: a prompt, an answer, until Ctrl-D or Ctrl-C at the prompt. */
async function converse(host: Host, settings: TurnSettings): Promise<number> {
  let messages: ModelMessage[] = [];
  process.stderr.write("Chat with the model; it may use the servers' tools. Ctrl-C stops an answer; Ctrl-D ends.\n");
  for (;;) {
    const line = await readLine('> ');
    if (line === undefined) {
      process.stderr.write('\n');
      return EXIT.ok;
    }
    if (line === null) {
      process.stderr.write('\n');
      return EXIT.interrupted;
    }
    if (line.trim() === '') continue;
    const outcome = await oneTurn(host, [...messages, { role: 'user', content: line }], settings);
    if (outcome.messages) messages = outcome.messages;
    if (outcome.code === EXIT.interrupted) process.stderr.write('(stopped)\n');
  }
}

/** One line from the user; `undefined` at the end of input (Ctrl-D), `null` on Ctrl-C. */
async function readLine(prompt: string): Promise<string | null | undefined> {
  // A reader per line: between lines, prompts for consent and forms have stdin to themselves.
  const reader = createInterface({ input: process.stdin, output: process.stderr, terminal: process.stdin.isTTY });
  try {
    return await new Promise<string | null | undefined>((resolve) => {
      reader.once('close', () => resolve(undefined));
      reader.once('SIGINT', () => resolve(null));
      reader.question(prompt).then(resolve, () => resolve(undefined));
    });
  } finally {
    reader.close();
  }
}

/** Runs one turn, printing as it goes; the conversation after it, unless it was stopped. */
async function oneTurn(
  host: Host,
  messages: ModelMessage[],
  settings: TurnSettings,
): Promise<{ code: number; messages?: ModelMessage[] }> {
  const controller = new AbortController();
  const stop = () => controller.abort(new Error('interrupted'));
  process.on('SIGINT', stop);
  const bars = new Map<string, ProgressBar>();
  let atLineStart = true;
  const write = (text: string) => {
    process.stdout.write(text);
    atLineStart = text.endsWith('\n');
  };
  const note = (text: string) => {
    if (!atLineStart) write('\n');
    process.stderr.write(`${text}\n`);
  };
  try {
    let done: Extract<ChatEvent, { type: 'done' }> | undefined;
    let failed = false;
    const { json, ...chatSettings } = settings;
    for await (const event of host.chat(messages, {
      ...chatSettings,
      signal: controller.signal,
      onprogress: (id, progress) => {
        let bar = bars.get(id);
        if (bar === undefined) bars.set(id, (bar = new ProgressBar({})));
        bar.update(progress);
      },
    })) {
      if (json) {
        process.stdout.write(`${JSON.stringify(jsonEvent(event))}\n`);
        if (event.type === 'tool_error') failed ||= !event.denied;
        continue;
      }
      switch (event.type) {
        case 'text':
          write(event.text);
          break;
        case 'tool_call':
          note(`[${event.call.name} ${JSON.stringify(event.call.arguments)}]`);
          break;
        case 'tool_result': {
          bars.get(event.call.id)?.done();
          const shown = renderContent(event.result.content) || JSON.stringify(event.result.structuredContent ?? '');
          note(`  ${event.result.isError ? 'error' : 'result'}: ${oneLine(shown)}`);
          break;
        }
        case 'tool_error':
          bars.get(event.call.id)?.done();
          failed ||= !event.denied;
          note(`  ${event.denied ? 'not allowed' : 'failed'}: ${oneLine(event.error.message)}`);
          break;
        case 'done':
          done = event;
          break;
      }
    }
    if (!atLineStart) write('\n');
    if (done?.stopReason === 'max_steps') note(`(stopped after ${done.steps} steps; --max-steps allows more)`);
    return { code: failed ? EXIT.toolError : EXIT.ok, ...(done && { messages: done.messages }) };
  } catch (error) {
    for (const bar of bars.values()) bar.done();
    if (!atLineStart) write('\n');
    if (controller.signal.aborted || (error as Error).name === 'InterruptedError') return { code: EXIT.interrupted };
    throw error;
  } finally {
    process.removeListener('SIGINT', stop);
  }
}

/** An event as `--json` prints it: the error a message, the conversation left out of `done`. */
function jsonEvent(event: ChatEvent): Record<string, unknown> {
  switch (event.type) {
    case 'tool_error':
      return { type: event.type, call: event.call, error: event.error.message, denied: event.denied };
    case 'done':
      return { type: event.type, stopReason: event.stopReason, steps: event.steps };
    default:
      return event;
  }
}

/** A server's text on one line of the chat: whitespace runs as one space, made safe to show, cut. */
function oneLine(text: string): string {
  return safeLine(text.replace(/\s+/g, ' '));
}
