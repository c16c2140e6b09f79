// Runs a fuzz plan against a server child process over Streamable HTTP: each planned line is the
// body of one POST (a few in flight at once), in a legacy session or as modern requests with the
// Mcp-* headers their bodies call for. A POST's answer is its response: what its body holds is
// checked as the stdio checker checks a line of output, beside what HTTP adds (202 for nothing
// to answer, 413 for a body over the limit, 409 for an id still in flight). The server must
// answer a final ping.
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import { within } from './e2e.js';
import { startHttpChild } from './http-child.js';
import { RawClient, SseReader } from './http-streamable-client.js';
import { Random } from './fuzz-cases.js';
import { check, holds, relaxed, type Plan, type PlannedLine } from './fuzz-check.js';
import { finalPing } from './fuzz-run.js';

export interface HttpRun {
  /** The fixture, served with `--http`. */
  name: string;
  env?: Record<string, string>;
  /** The revision of the session the plan runs in; a modern run opens none. */
  version: string;
}

/** POSTs in flight at once: enough that the same id is sometimes in flight twice. */
const IN_FLIGHT = 4;

/** What came back for one POST. */
interface PostAnswer {
  status: number;
  /** The body's answers as the checker reads lines: the JSON body, or each response of a stream. */
  lines: string[];
}

/** Runs `fuzz` against the fixture over HTTP and fails with the seed and the problems found. */
export async function postAll(t: TestContext, seed: number, run: HttpRun, fuzz: Plan): Promise<void> {
  const rng = new Random(seed ^ 0x5eed);
  const modern = run.version >= '2026-07-28';
  const http = await startHttpChild(run.name, run.env);
  try {
    const client = new RawClient((url, init) => fetch(url, init), http.url);
    if (!modern) await client.initialize(run.version);
    // Decided before anything is sent, so a seed gives the same run whatever the timing.
    const wrongHeaders = fuzz.lines.map((line) => modern && rng.chance(0.03) && !holds(line, -32603));
    const problems: string[] = [];
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < fuzz.lines.length; i = next++) {
        const line = fuzz.lines[i]!;
        const answer = await within(
          post(client, line, modern, wrongHeaders[i]!),
          30_000,
          `the answer to ${line.label}`,
        );
        for (const problem of checkPost(line, answer, modern)) problems.push(`${problem} (line ${i})`);
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    t.diagnostic(`${fuzz.lines.length} POSTs, ${fuzz.input.length} bytes; ${problems.length} problems`);
    assert.deepEqual(problems.slice(0, 20), [], `seed ${seed}: ${problems.length} problems; stderr: ${http.stderr()}`);

    const ping = await within(post(client, pingLine(run.version), modern, false), 30_000, 'the final ping');
    assert.equal(ping.status, 200, `seed ${seed}: the final ping failed; stderr: ${http.stderr()}`);
    assert.ok('result' in (JSON.parse(ping.lines[0]!) as object), `seed ${seed}: the final ping failed`);
  } finally {
    await http.close();
  }
}

function pingLine(version: string): PlannedLine {
  const bytes = Buffer.from(JSON.stringify(finalPing(version)));
  return { label: 'final ping', bytes, expected: { kind: 'single', answer: { id: 'final-ping', code: 'result' } } };
}

/** POSTs one line as its body, with the headers a client sends for it, and reads the whole answer. */
async function post(client: RawClient, line: PlannedLine, modern: boolean, wrong: boolean): Promise<PostAnswer> {
  const headers = modern ? modernHeaders(line.bytes, wrong) : {};
  const response = await client.fetch(client.url, {
    method: 'POST',
    headers: client.headers(headers),
    body: new Uint8Array(line.bytes),
  });
  if (response.headers.get('content-type') !== 'text/event-stream') {
    const text = await response.text();
    return { status: response.status, lines: text === '' ? [] : [text] };
  }
  const messages = await new SseReader(response).messages();
  // Only responses answer: progress or a question to the client would be the server's business.
  const answers = messages.filter((m) => Array.isArray(m) || ('id' in m && ('result' in m || 'error' in m)));
  return { status: response.status, lines: answers.map((m) => JSON.stringify(m)) };
}

/** The version header a modern request carries, and Mcp-Method and Mcp-Name as its body says (or `wrong`). */
function modernHeaders(bytes: Buffer, wrong: boolean): Record<string, string> {
  const headers: Record<string, string> = { 'mcp-protocol-version': '2026-07-28' };
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch {
    return headers;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return headers;
  const { method, params } = body as { method?: unknown; params?: { name?: unknown; uri?: unknown } };
  const fit = (value: unknown): value is string => typeof value === 'string' && /^[\x20-\x7e]{1,200}$/.test(value);
  if (fit(method)) headers['mcp-method'] = wrong ? 'tools/list' : method;
  const name = method === 'resources/read' ? params?.uri : params?.name;
  const named = method === 'tools/call' || method === 'prompts/get' || method === 'resources/read';
  if (named && typeof params === 'object' && params !== null && fit(name)) headers['mcp-name'] = name;
  return headers;
}

/** Whether the answer is a whole POST refused: one error, with no id (the body was never read as requests). */
function isRefusal(answer: PostAnswer): boolean {
  if (answer.lines.length !== 1) return false;
  const body = JSON.parse(answer.lines[0]!) as { id?: unknown; error?: { code?: unknown } };
  return body.id === null && typeof body.error?.code === 'number';
}

/** Whether `line` deserves a 202: nothing in it asks for an answer. */
const expectsNothing = (line: PlannedLine): boolean => line.expected.kind === 'none';

/** What is wrong with the answer to one POST. */
export function checkPost(line: PlannedLine, answer: PostAnswer, modern: boolean): string[] {
  const what = `${line.label}: status ${answer.status}, ${JSON.stringify(answer.lines.join(' ').slice(0, 160))}`;
  if (answer.status >= 500) return [`a server error for ${what}`];
  // Over the limit: refused whole, the body unread.
  if (line.oversize) return answer.status === 413 && isRefusal(answer) ? [] : [`not refused as too large: ${what}`];
  // The second of two requests under one id, sent while the first was in flight, may be refused whole.
  if (line.reusesId && answer.status === 409) return isRefusal(answer) ? [] : [`a malformed refusal: ${what}`];
  // A body is a JSON text on its own: empty is not one, and a byte-order mark is not taken
  // away (JSON allows either way), where a line of stdio is.
  const text = line.bytes.toString('latin1').replace(/\r$/, '');
  if (text === '' || text.startsWith('\xef\xbb\xbf')) {
    const unparsed = { ...line, expected: { kind: 'single' as const, answer: { id: null, code: -32700 } } };
    return answer.status === 400 ? check([unparsed], answer.lines).map((p) => `${p}: ${what}`) : [`not 400: ${what}`];
  }
  if (expectsNothing(line)) {
    return answer.status === 202 && answer.lines.length === 0 ? [] : [`an answer where none is due: ${what}`];
  }
  if (answer.status === 202) return [`no answer: ${what}`];
  // In the modern revision the endpoint judges headers and envelope before the method: what it
  // answers may differ, so only a parse error and a result that cannot be written are held to.
  const expected = modern ? relaxed(line.expected, (code) => code === -32700 || code === -32603) : line.expected;
  return check([{ ...line, expected }], answer.lines).map((p) => `${p}: ${what}`);
}
