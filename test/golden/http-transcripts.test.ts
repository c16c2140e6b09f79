// Golden HTTP transcripts: what only the HTTP transport has. In the legacy revisions, the
// session (the Mcp-Session-Id minted at initialize, 400 without it, 404 for one unknown or
// deleted, DELETE); in 2026-07-28, the request headers checked against the body, -32020 and the
// status codes 400, 404, 405. Each file in test/golden/http/<revision>/*.wire is replayed request
// by request against the golden server running as a real process on a real socket; every
// response's status, its headers that matter and its body must match the next received line.
// GOLDEN_RECORD=1 rewrites the expected lines from what the server says now (placeholders
// kept), for review in the diff.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startHttpChild, type HttpChild } from '../helpers/http-child.js';
import {
  formatTranscript,
  keepPlaceholders,
  match,
  parseTranscript,
  substitute,
  transcriptsByRevision,
  type Captures,
  type Step,
} from '../helpers/golden-transcript.js';

const dir = fileURLToPath(new URL('../../../test/golden/http/', import.meta.url));
const record = process.env.GOLDEN_RECORD === '1';

/** Response headers a transcript shows; the rest (date, keep-alive) vary or say nothing. */
const SHOWN_HEADERS = ['allow', 'content-type', 'mcp-session-id'];

interface SentRequest {
  method?: string;
  headers?: Record<string, string>;
  /** A JSON value to send, or a string sent as it is (malformed bodies). */
  body?: unknown;
}

async function exchange(url: string, sent: SentRequest): Promise<unknown> {
  const body =
    sent.body === undefined ? undefined : typeof sent.body === 'string' ? sent.body : JSON.stringify(sent.body);
  const response = await fetch(url, { method: sent.method ?? 'POST', headers: sent.headers ?? {}, body });
  const text = await response.text();
  const headers = Object.fromEntries(
    SHOWN_HEADERS.flatMap((name) => (response.headers.has(name) ? [[name, response.headers.get(name)]] : [])),
  );
  const received: Record<string, unknown> = { status: response.status, headers };
  if (text !== '')
    received.body = response.headers.get('content-type')?.startsWith('application/json')
      ? (JSON.parse(text) as unknown)
      : text;
  return received;
}

async function replay(server: HttpChild, file: string): Promise<void> {
  const path = dir + file;
  const transcript = parseTranscript(readFileSync(path, 'utf8'), file);
  const captures: Captures = new Map();
  const recorded: Step[] = [];
  let pending: Promise<unknown> | undefined;
  let exchanges = 0;
  for (const step of transcript.steps) {
    if ('send' in step) {
      assert.equal(pending, undefined, `${file}: a request sent before the previous one's response was read`);
      pending = exchange(server.url, substitute(step.send, captures) as SentRequest);
      recorded.push(step);
      continue;
    }
    assert.ok(pending !== undefined, `${file}: a response expected with no request sent`);
    const actual = await pending;
    pending = undefined;
    exchanges++;
    const expected = record ? keepPlaceholders(step.receive, actual) : step.receive;
    if (record) recorded.push({ receive: expected });
    match(expected, actual, captures, `${file}, response ${exchanges}`);
  }
  assert.equal(pending, undefined, `${file}: the last request's response is not in the transcript`);
  if (record) writeFileSync(path, formatTranscript({ ...transcript, steps: recorded }));
}

for (const { revision, files } of transcriptsByRevision(dir)) {
  describe(`golden HTTP transcripts (${revision} over Streamable HTTP)`, () => {
    let server: HttpChild;
    before(async () => (server = await startHttpChild('golden-server')));
    after(() => server.close());

    it('there are transcripts to replay', () => assert.ok(files.length > 0));
    for (const file of files) {
      const { description } = parseTranscript(readFileSync(dir + file, 'utf8'), file);
      it(`${file}: ${description}`, () => replay(server, file));
    }
  });
}
