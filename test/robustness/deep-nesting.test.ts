// Modern tools/call, prompts/get and resources/read whose data nests thousands of levels
// deep, sent to a real server process over stdio and over Streamable HTTP. JSON.parse accepts
// any depth; nothing after it may overflow the stack (the request's binding, the sealed
// requestState), so each is answered as a shallow request would be, and the process lives on.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fixture } from '../helpers/e2e.js';
import { startHttpChild } from '../helpers/http-child.js';
import { isRecord, RawChild } from '../helpers/raw-child.js';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'deep', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
};
/** Stands for the deep value in params; `requestText` puts it there. */
const DEEP = '<deep>';

/** `{"a":{"a":...1}}`, `levels` objects deep, as text: JSON.stringify cannot write it. */
function deepText(levels: number): string {
  return '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
}

/** A request as text, with every {@link DEEP} in `params` replaced by a value `levels` deep. */
function requestText(id: number, method: string, params: Record<string, unknown>, levels: number): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: META } }).replaceAll(
    `"${DEEP}"`,
    deepText(levels),
  );
}

type Reply = Record<string, unknown> & { result?: Record<string, unknown>; error?: { code: number; message: string } };
/** Sends a request written as text and returns its answer. */
type Send = (id: number, method: string, name: string, text: string) => Promise<Reply>;

const answer = (name: string, meta?: string) => ({ action: 'accept', content: { name }, ...(meta && { _meta: meta }) });

/** Where each method names its target, and what it is asked for here. */
const TARGETS = [
  { method: 'tools/call', key: 'name', target: 'ask-twice', extra: { arguments: { x: DEEP } } },
  { method: 'prompts/get', key: 'name', target: 'ask-twice', extra: { arguments: { topic: 'deep' } } },
  { method: 'resources/read', key: 'uri', target: 'ask://1', extra: { deep: DEEP } },
] as const;

function firstText(result: Record<string, unknown> | undefined): string {
  const content = (result?.content ??
    (result?.messages as { content: unknown }[] | undefined)?.[0]?.content ??
    (result?.contents as unknown[] | undefined)?.[0]) as unknown;
  const block = Array.isArray(content) ? content[0] : content;
  return isRecord(block) ? String(block.text) : JSON.stringify(result);
}

/** Every method at `levels` deep: a shallow-looking exchange each, never -32603. */
async function exercise(send: Send, levels: number): Promise<void> {
  let id = levels * 10;
  const depth = await send(
    ++id,
    'tools/call',
    'depth',
    requestText(id, 'tools/call', { name: 'depth', arguments: { x: DEEP } }, levels),
  );
  assert.equal(firstText(depth.result), `x is ${levels} deep`, JSON.stringify(depth).slice(0, 300));

  for (const { method, key, target, extra } of TARGETS) {
    // The first answer, with its deep _meta, is sealed into the requestState of the second round.
    const first = await send(
      ++id,
      method,
      target,
      requestText(
        id,
        method,
        { [key]: target, ...extra, inputResponses: { 'elicitation-1': answer('Ada', DEEP) } },
        levels,
      ),
    );
    assert.equal(first.result?.resultType, 'input_required', `${method}: ${JSON.stringify(first).slice(0, 300)}`);
    assert.deepEqual(Object.keys(first.result?.inputRequests ?? {}), ['elicitation-2']);
    const retry = {
      [key]: target,
      ...extra,
      inputResponses: { 'elicitation-2': answer('Bob') },
      requestState: first.result?.requestState,
    };
    const done = await send(++id, method, target, requestText(id, method, retry, levels));
    assert.equal(done.result?.resultType, 'complete', `${method}: ${JSON.stringify(done).slice(0, 300)}`);
    assert.equal(firstText(done.result), `Ada with _meta ${levels} deep`);
  }

  // Prompt arguments are strings: a deep one is the caller's mistake, said plainly.
  const refused = await send(
    ++id,
    'prompts/get',
    'ask-twice',
    requestText(id, 'prompts/get', { name: 'ask-twice', arguments: { topic: DEEP } }, levels),
  );
  assert.equal(refused.error?.code, -32602, JSON.stringify(refused).slice(0, 300));
  assert.match(refused.error?.message ?? '', /params\.arguments\.topic: expected string/);
}

describe('requests nesting deeper than the call stack', () => {
  it('are answered properly over stdio, and the server lives on', async () => {
    const child = new RawChild([fixture('deep-input-server')]);
    try {
      const send: Send = async (id, _method, _name, text) => {
        await child.write(`${text}\n`);
        return (await child.response(id, 30_000)) as Reply;
      };
      for (const levels of [6_000, 100_000]) await exercise(send, levels);
      const alive = await send(
        1,
        'tools/call',
        'depth',
        requestText(1, 'tools/call', { name: 'depth', arguments: { x: [] } }, 0),
      );
      assert.equal(firstText(alive.result), 'x is 1 deep');
      assert.ok(child.alive);
      assert.deepEqual(await child.endInput(), { code: 0, signal: null });
    } finally {
      child.kill();
    }
  });

  it('are answered properly over Streamable HTTP, and the server lives on', async () => {
    const http = await startHttpChild('deep-input-server');
    try {
      const send: Send = async (_id, method, name, text) => {
        const headers = {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': method,
          'mcp-name': name,
        };
        const response = await fetch(http.url, { method: 'POST', headers, body: text });
        return (await response.json()) as Reply;
      };
      for (const levels of [6_000, 100_000]) await exercise(send, levels);
      const alive = await send(
        1,
        'tools/call',
        'depth',
        requestText(1, 'tools/call', { name: 'depth', arguments: { x: [] } }, 0),
      );
      assert.equal(firstText(alive.result), 'x is 1 deep', http.stderr());
    } finally {
      await http.close();
    }
  });
});
