// Plans a fuzz run (lines, their bytes on the wire, the answers they deserve) and checks what the
// server wrote against the plan: every answer exactly once, nothing else, and only JSON-RPC.
import { Buffer } from 'node:buffer';
import type { FuzzLine, Random } from './fuzz-cases.js';
import { expectForLine, idKey, type Answer, type Expected, type Outcome } from './fuzz-oracle.js';

export interface PlannedLine extends FuzzLine {
  expected: Expected;
  /** Longer than the server's limit on one message: refused as a whole. */
  oversize?: boolean;
}

export interface PlanOptions {
  /** What the server does with well-formed requests (default: the example server). */
  outcome?: Outcome;
  /** The server's limit on one message; a longer line is refused as a whole (-32600, id null). */
  maxBytes?: number;
}

export interface Plan {
  lines: PlannedLine[];
  /** Everything to write, each line with its `\n` or `\r\n`. */
  input: Buffer;
  /** How many lines of output the plan expects. */
  answerLines: number;
}

/**
 * `count` lines from `next`, skipping the rare line whose ids collide with an earlier one (unless
 * it means to: `reusesId`).
 */
export function plan(
  rng: Random,
  count: number,
  version: string,
  next: () => FuzzLine,
  options: PlanOptions = {},
): Plan {
  const lines: PlannedLine[] = [];
  const parts: Buffer[] = [];
  const used = new Set<string>();
  let answerLines = 0;
  while (lines.length < count) {
    const line = next();
    const crlf = rng.chance(0.1);
    const bytes = crlf ? Buffer.concat([line.bytes, Buffer.from('\r')]) : line.bytes;
    const oversize = options.maxBytes !== undefined && bytes.length > options.maxBytes;
    const expected: Expected = oversize
      ? { kind: 'single', answer: { id: null, code: -32600 } }
      : expectForLine(bytes, version, options.outcome);
    const keys = answersOf(expected)
      .filter((a) => a.id !== null)
      .map((a) => idKey(a.id));
    const collides = keys.some((k) => used.has(k)) || new Set(keys).size !== keys.length;
    if (collides && !line.reusesId) continue;
    for (const k of keys) used.add(k);
    lines.push({
      ...line,
      expected: line.anyOutcome ? relaxed(expected, () => false) : expected,
      ...(oversize && { oversize }),
    });
    parts.push(line.bytes, Buffer.from(crlf ? '\r\n' : '\n'));
    if (expected.kind !== 'none') answerLines++;
  }
  return { lines, input: Buffer.concat(parts), answerLines };
}

/** `expected` with every outcome but those `keep` keeps left open ('any'): the ids stay. */
export function relaxed(expected: Expected, keep: (code: Answer['code']) => boolean): Expected {
  const open = (a: Answer): Answer => (keep(a.code) ? a : { id: a.id, code: 'any' });
  if (expected.kind === 'none') return expected;
  if (expected.kind === 'single') return { kind: 'single', answer: open(expected.answer) };
  return { kind: 'batch', answers: expected.answers.map(open) };
}

/** Whether an answer `line` deserves is held to `code`. */
export function holds(line: PlannedLine, code: number): boolean {
  return answersOf(line.expected).some((a) => a.code === code);
}

function answersOf(expected: Expected): Answer[] {
  return expected.kind === 'none' ? [] : expected.kind === 'single' ? [expected.answer] : expected.answers;
}

/** Cuts the input into chunks of random sizes (1 byte to 64 KiB), so lines straddle chunks. */
export function* chunks(rng: Random, input: Buffer): Generator<Buffer> {
  for (let at = 0; at < input.length;) {
    const size = Math.max(1, Math.floor(2 ** (rng.next() * 16)));
    yield input.subarray(at, at + size);
    at += size;
  }
}

function preview(text: string | Buffer, max = 160): string {
  const s = typeof text === 'string' ? text : text.toString('utf8');
  return JSON.stringify(s.length > max ? `${s.slice(0, max)}…(${s.length} chars)` : s);
}

const codeSig = (code: Answer['code']): string => (code === 'any' ? '*' : String(code));

/** Checks one response object's shape; returns what is wrong with it, if anything. */
function shapeProblem(m: unknown): string | undefined {
  if (typeof m !== 'object' || m === null || Array.isArray(m)) return 'not an object';
  const r = m as Record<string, unknown>;
  if (r.jsonrpc !== '2.0') return 'jsonrpc is not "2.0"';
  if (!('id' in r)) return 'a message without an id (the server has nothing to notify)';
  if (!(r.id === null || typeof r.id === 'string' || Number.isSafeInteger(r.id))) return 'bad id';
  if ('result' in r === 'error' in r) return 'needs exactly one of result and error';
  if ('result' in r && (typeof r.result !== 'object' || r.result === null || Array.isArray(r.result)))
    return 'result is not an object';
  if ('error' in r) {
    const e = r.error as Record<string, unknown> | null;
    if (typeof e !== 'object' || e === null || !Number.isInteger(e.code) || typeof e.message !== 'string')
      return 'malformed error object';
  }
  return undefined;
}

/**
 * Compares the output lines with the plan. Each planned answer line has a signature (its ids and
 * outcomes); the multiset of signatures received must equal the one planned.
 */
export function check(planned: readonly PlannedLine[], output: readonly string[]): string[] {
  const problems: string[] = [];
  const byId = new Map<string, { answer: Answer; line: PlannedLine }>();
  const wanted = new Map<string, PlannedLine[]>();
  for (const line of planned) {
    const answers = answersOf(line.expected);
    for (const answer of answers) if (answer.id !== null) byId.set(idKey(answer.id), { answer, line });
    if (line.expected.kind === 'none') continue;
    const sigs = answers.map((a) => `${idKey(a.id)}=${codeSig(a.code)}`).sort();
    const sig = `${line.expected.kind === 'single' ? 'S' : 'B'} ${sigs.join(' | ')}`;
    wanted.set(sig, [...(wanted.get(sig) ?? []), line]);
  }

  // Answers without an id cannot be told apart: their outcomes are open only when every one
  // planned is (a refusal whose code the plan leaves to the server).
  const nullAnswers = planned.flatMap((line) => answersOf(line.expected)).filter((a) => a.id === null);
  const openNull = nullAnswers.length > 0 && nullAnswers.every((a) => a.code === 'any');
  const received = new Map<string, string[]>();
  const sigOf = (m: Record<string, unknown>): string => {
    const key = idKey(m.id);
    if (m.id === null && openNull) return `${key}=*`;
    const expected = m.id === null ? undefined : byId.get(key);
    const outcome = 'result' in m ? 'result' : String((m.error as { code: number }).code);
    if (expected?.answer.code === 'result' && expected.answer.text !== undefined) {
      const content = (m.result as { content?: { text?: unknown }[] } | undefined)?.content;
      if (content?.[0]?.text !== expected.answer.text) {
        problems.push(
          `wrong echo for ${expected.line.label} ${preview(expected.line.bytes)}: got ${preview(JSON.stringify(m))}`,
        );
      }
    }
    return `${key}=${expected?.answer.code === 'any' ? '*' : outcome}`;
  };
  for (const text of output) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      problems.push(`stdout line is not JSON: ${preview(text)}`);
      continue;
    }
    const items = Array.isArray(value) ? value : [value];
    const bad =
      items.map(shapeProblem).find((p) => p !== undefined) ?? (items.length === 0 ? 'an empty array' : undefined);
    if (bad !== undefined) {
      problems.push(`stdout line is not a JSON-RPC response (${bad}): ${preview(text)}`);
      continue;
    }
    const sigs = (items as Record<string, unknown>[]).map(sigOf).sort();
    const sig = `${Array.isArray(value) ? 'B' : 'S'} ${sigs.join(' | ')}`;
    received.set(sig, [...(received.get(sig) ?? []), text]);
  }

  for (const [sig, lines] of wanted) {
    const got = received.get(sig)?.length ?? 0;
    if (got < lines.length) {
      const line = lines[got]!;
      problems.push(`missing ${lines.length - got} × ${sig}, e.g. for ${line.label} ${preview(line.bytes)}`);
    }
  }
  for (const [sig, texts] of received) {
    const want = wanted.get(sig)?.length ?? 0;
    if (texts.length > want) {
      const key = sig.slice(2).split('=')[0] ?? '';
      const origin = byId.get(key);
      const from = origin ? ` (asked by ${origin.line.label} ${preview(origin.line.bytes)})` : '';
      problems.push(`unexpected ${texts.length - want} × ${sig}: ${preview(texts[want]!)}${from}`);
    }
  }
  return problems;
}
