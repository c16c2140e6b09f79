// Golden wire transcripts: the exact sequence of messages on the wire, one a line, in a folder
// named for the protocol revision they speak.
// Over stdio each line is a JSON-RPC message; over HTTP (test/golden/http/) a sent line is
// {method, headers, body} and a received one {status, headers, body}.
//   # what the transcript shows (the first comment is its description)
//   > a line written to the server's stdin
//   < a line the server must write to stdout next
// Received lines must match in order. In an expected message a
// string "<name>" matches any value and captures it; later "<name>" strings, sent or
// expected, stand for the captured value (an opaque requestState, say). "<*>" matches
// anything without capturing.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export type Step = { send: unknown } | { receive: unknown };

export interface Transcript {
  description: string;
  steps: Step[];
}

/** Parses a `.wire` file; `where` names it in errors. */
export function parseTranscript(text: string, where: string): Transcript {
  let description = '';
  const steps: Step[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    if (line.startsWith('#')) {
      description ||= line.slice(1).trim();
      return;
    }
    const value = (): unknown => {
      try {
        return JSON.parse(line.slice(2));
      } catch (error) {
        throw new Error(`${where}:${index + 1}: ${(error as Error).message}`, { cause: error });
      }
    };
    if (line.startsWith('> ')) steps.push({ send: value() });
    else if (line.startsWith('< ')) steps.push({ receive: value() });
    else throw new Error(`${where}:${index + 1}: a line must start with "# ", "> " or "< "`);
  });
  return { description, steps };
}

/** The transcript as a `.wire` file. */
export function formatTranscript(transcript: Transcript): string {
  const lines = [`# ${transcript.description}`];
  for (const step of transcript.steps)
    lines.push('send' in step ? `> ${JSON.stringify(step.send)}` : `< ${JSON.stringify(step.receive)}`);
  return lines.join('\n') + '\n';
}

const PLACEHOLDER = /^<([*\w]+)>$/;

/** Values captured from the wire so far, by placeholder name. */
export type Captures = Map<string, unknown>;

/** `template` with every "<name>" replaced by its captured value. */
export function substitute(template: unknown, captures: Captures): unknown {
  if (typeof template === 'string') {
    const name = PLACEHOLDER.exec(template)?.[1];
    if (name === undefined || name === '*') return template;
    if (!captures.has(name)) throw new Error(`The transcript sends <${name}> before receiving it`);
    return captures.get(name);
  }
  if (Array.isArray(template)) return template.map((v) => substitute(v, captures));
  if (template !== null && typeof template === 'object') {
    return Object.fromEntries(Object.entries(template).map(([k, v]) => [k, substitute(v, captures)]));
  }
  return template;
}

/** Asserts `actual` matches `expected`, capturing placeholders; `path` names the spot on failure. */
export function match(expected: unknown, actual: unknown, captures: Captures, path = '$'): void {
  if (typeof expected === 'string') {
    const name = PLACEHOLDER.exec(expected)?.[1];
    if (name === '*') return;
    if (name !== undefined) {
      if (captures.has(name))
        assert.deepEqual(actual, captures.get(name), `${path}: expected the value captured as <${name}>`);
      else captures.set(name, actual);
      return;
    }
  }
  if (Array.isArray(expected)) {
    assert.ok(
      Array.isArray(actual) && actual.length === expected.length,
      `${path}: expected an array of ${expected.length}, got ${JSON.stringify(actual)}`,
    );
    expected.forEach((v, i) => match(v, (actual as unknown[])[i], captures, `${path}[${i}]`));
    return;
  }
  if (expected !== null && typeof expected === 'object') {
    assert.ok(
      actual !== null && typeof actual === 'object' && !Array.isArray(actual),
      `${path}: expected an object, got ${JSON.stringify(actual)}`,
    );
    const actualKeys = Object.keys(actual).sort();
    assert.deepEqual(actualKeys, Object.keys(expected).sort(), `${path}: keys differ`);
    for (const [k, v] of Object.entries(expected))
      match(v, (actual as Record<string, unknown>)[k], captures, `${path}.${k}`);
    return;
  }
  assert.deepEqual(actual, expected, `${path}: value differs`);
}

/** `actual` with the placeholders of `expected` kept where they stand. */
export function keepPlaceholders(expected: unknown, actual: unknown): unknown {
  if (typeof expected === 'string' && PLACEHOLDER.test(expected)) return expected;
  if (
    expected !== null &&
    typeof expected === 'object' &&
    !Array.isArray(expected) &&
    actual !== null &&
    typeof actual === 'object' &&
    !Array.isArray(actual)
  ) {
    const e = expected as Record<string, unknown>;
    return Object.fromEntries(Object.entries(actual).map(([k, v]) => [k, keepPlaceholders(e[k], v)]));
  }
  if (Array.isArray(expected) && Array.isArray(actual)) return actual.map((v, i) => keepPlaceholders(expected[i], v));
  return actual;
}

/** The `.wire` files under `root`, by the revision folder they are in, both sorted. */
export function transcriptsByRevision(root: string): { revision: string; files: string[] }[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((revision) => ({
      revision,
      files: readdirSync(join(root, revision))
        .filter((f) => f.endsWith('.wire'))
        .sort()
        .map((f) => join(revision, f)),
    }));
}
