/**
 * Running one prompt of `@clack/prompts` on stdin and stderr, and telling how it ended: an
 * answer, Esc (the prompt library's "cancel"), a shortcut key, or Ctrl-C (an
 * {@link InterruptedError}, which the prompt library reports as a cancel too). The library is
 * loaded on the first prompt, so commands that never ask do not pay for it.
 * @module
 */
import { emitKeypressEvents, type Key } from 'node:readline';
// Types only: the library itself is loaded on the first prompt.
import type * as Prompts from '@clack/prompts';
import { InterruptedError } from './interrupted.js';

type Clack = typeof Prompts;
/** What a prompt of the library resolves when cancelled. */
type Cancel = Clack['CANCEL_SYMBOL'];

let loading: Promise<Clack> | undefined;

/** The prompt library, loaded once. */
export function clack(): Promise<Clack> {
  loading ??= import('@clack/prompts').catch((error: unknown) => {
    loading = undefined;
    // mcpkit runs on Node 20; the prompt library wants 20.12 (for `util.styleText`).
    throw new Error(
      `the prompts of mcpkit need @clack/prompts, which did not load on Node ${process.version} (it needs 20.12 or later): ${(error as Error).message}`,
      { cause: error },
    );
  });
  return loading;
}

/** What every prompt of the library is given: where it reads and draws, and what ends it. */
export interface PromptStreams {
  input: NodeJS.ReadStream;
  output: NodeJS.WriteStream;
  signal: AbortSignal | undefined;
}

/** How a prompt ended, when not by Ctrl-C or by the caller's signal (those reject). */
export type Outcome<T> = { kind: 'answer'; value: T } | { kind: 'escape' } | { kind: 'key'; key: string };

export interface AskOptions {
  /** Given up by the caller: the prompt is closed and {@link ask} rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
  /** Plain keys that end the prompt as Esc does (`n` for "no"), reported as `{ kind: 'key' }`. */
  keys?: readonly string[];
  /**
   * Drops the keys typed before the prompt shows, so none answers it: for a question whose
   * answer allows something (an Enter meant for the line before must not allow a tool call).
   */
  discardTypedAhead?: boolean;
}

/**
 * Shows the prompt `show` starts (with the streams it is given) and waits for how it ends.
 * Rejects with an {@link InterruptedError} on Ctrl-C, with the signal's reason when the
 * caller's signal aborts.
 */
export async function ask<T>(
  show: (clack: Clack, streams: PromptStreams) => Promise<T | Cancel>,
  options: AskOptions = {},
): Promise<Outcome<T>> {
  const library = await clack();
  options.signal?.throwIfAborted();
  const input = process.stdin;
  if (options.discardTypedAhead === true) {
    await discardTypedAhead(input);
    options.signal?.throwIfAborted();
  }
  // From here to the prompt's first drawing nothing waits, so no key is read in between.
  let interrupted = false;
  let last: string | undefined;
  // The library hears Ctrl-C and Esc alike as "cancel"; this listener, added before its own,
  // hears which it was. The library sets up keypress events on stdin too: once is enough.
  emitKeypressEvents(input);
  const listener = (char: string | undefined, key: Key | undefined): void => {
    if (key?.ctrl === true && key.name === 'c') interrupted = true;
    last = key?.ctrl === true || key?.meta === true ? undefined : char;
  };
  // Shortcut keys are the library's aliases of "cancel" while this prompt is shown (its
  // settings are global, and one prompt is shown at a time), so they end it as Esc does.
  const aliases = library.settings.aliases;
  const added = (options.keys ?? []).filter((key) => !aliases.has(key));
  for (const key of added) aliases.set(key, 'cancel');
  input.on('keypress', listener);
  try {
    const value = await show(library, { input, output: process.stderr, signal: options.signal });
    if (interrupted) throw new InterruptedError();
    options.signal?.throwIfAborted();
    if (!library.isCancel(value)) return { kind: 'answer', value };
    if (last !== undefined && options.keys?.includes(last)) return { kind: 'key', key: last };
    return { kind: 'escape' };
  } finally {
    input.off('keypress', listener);
    for (const key of added) aliases.delete(key);
  }
}

/**
 * Reads and drops what the user typed that no one read yet: keys stdin holds in its buffer,
 * and keys the terminal holds (in raw mode a line not yet ended can be read too). Node reads all
 * a terminal has ready each time the event loop polls, and the second of two `setImmediate`s
 * runs after a poll whatever phase this starts in.
 */
async function discardTypedAhead(input: NodeJS.ReadStream): Promise<void> {
  if (!input.isTTY) return;
  const wasRaw = input.isRaw;
  const drop = (): void => {};
  input.setRawMode(true);
  input.on('data', drop);
  input.resume();
  try {
    for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
  } finally {
    input.off('data', drop);
    input.pause();
    input.setRawMode(wasRaw);
  }
}

/**
 * Writes lines for the user to read before a prompt, on stderr, in the prompt library's layout
 * (a guide bar on the left), wrapped to the terminal's width so the bar runs unbroken. `spacing`
 * blank guide lines come first: none for a line that follows a prompt's answer.
 */
export async function show(lines: readonly string[], spacing = 1): Promise<void> {
  const { log } = await clack();
  // The guide takes three columns; one more keeps a full line from wrapping on its own.
  const width = Math.max(20, (process.stderr.columns ?? 80) - 4);
  log.message(
    lines.flatMap((line) => line.split('\n').flatMap((part) => wrap(part, width))),
    { output: process.stderr, spacing },
  );
}

/** `line` in pieces of at most `width` characters, broken at a space where one is near the end. */
export function wrap(line: string, width: number): string[] {
  const pieces: string[] = [];
  let rest = [...line];
  while (rest.length > width) {
    const space = rest.lastIndexOf(' ', width);
    const at = space > width / 2 ? space : width;
    pieces.push(rest.slice(0, at).join('').trimEnd());
    rest = rest.slice(rest[at] === ' ' ? at + 1 : at);
  }
  pieces.push(rest.join(''));
  return pieces;
}

/**
 * A message of several lines for the library's text and password prompts, which (unlike its
 * select prompts) put the guide bar before the first line only.
 */
export function textMessage(message: string): string {
  return message.replaceAll('\n', '\n│  ');
}
