// Plans a fuzz run (lines, their bytes on the wire, the answers they deserve) and checks what the
// server wrote against the plan: every answer exactly once, nothing else, and only JSON-RPC.
import { Buffer } from 'node:buffer';
import type { FuzzLine, Random } from './fuzz-cases.js';
import { expectForLine, idKey, type Answer, type Expected } from './fuzz-oracle.js';

export interface PlannedLine extends FuzzLine {
  expected: Expected;
}

export interface Plan {
  lines: PlannedLine[];
  /** Everything to write, each line with its `\n` or `\r\n`. */
  input: Buffer;
  /** How many lines of output the plan expects. */
  answerLines: number;
}

/** `count` lines from `next`, skipping the rare line whose ids collide with an earlier one. */
export function plan(rng: Random, count: number, version: string, next: () => FuzzLine): Plan {
  const lines: PlannedLine[] = [];
  const parts: Buffer[] = [];
  const used = new Set<string>();
  let answerLines = 0;
  while (lines.length < count) {
    const line = next();
    const crlf = rng.chance(0.1);
    const expected = expectForLine(crlf ? Buffer.concat([line.bytes, Buffer.from('\r')]) : line.bytes, version);
    const keys = answersOf(expected)
      .filter((a) => a.id !== null)
      .map((a) => idKey(a.id));
    if (keys.some((k) => used.has(k)) || new Set(keys).size !== keys.length) continue;
    for (const k of keys) used.add(k);
    lines.push({ ...line, expected });
    parts.push(line.bytes, Buffer.from(crlf ? '\r\n' : '\n'));
    if (expected.kind !== 'none') answerLines++;
  }
  return { lines, input: Buffer.concat(parts), answerLines };
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

  const received = new Map<string, string[]>();
  const sigOf = (m: Record<string, unknown>): string => {
    const key = idKey(m.id);
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
