// The client holds tool results to the output schema the server declared for the tool.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client, ToolOutputError } from '../../src/client/index.js';
import { Server } from '../../src/server/index.js';
import { createInMemoryPair } from '../../src/testing/index.js';

/** A server that lies: it declares an output schema, then answers whatever the test says. */
async function lyingServer(structuredContent: unknown, isError = false) {
  const server = new Server({ name: 'liar', version: '1' });
  server.addFeature({
    handlers: {
      'tools/list': () => ({
        tools: [
          {
            name: 'weather',
            inputSchema: { type: 'object' },
            outputSchema: { type: 'object', properties: { temp: { type: 'number' } }, required: ['temp'] },
          },
        ],
      }),
      'tools/call': () => ({
        content: [{ type: 'text', text: 'x' }],
        ...(structuredContent !== undefined && { structuredContent }),
        ...(isError && { isError }),
      }),
    },
    capabilities: () => ({ tools: {} }),
  });
  const [a, b] = createInMemoryPair();
  await server.connect(a);
  return new Client({ name: 'c', version: '1' }).connect(b);
}

describe('client-side output schema checks', () => {
  it('accepts structured content that matches', async () => {
    const session = await lyingServer({ temp: 21 });
    await session.listTools();
    assert.deepEqual((await session.callTool({ name: 'weather' })).structuredContent, { temp: 21 });
    await session.close();
  });

  it('rejects structured content that does not match, naming the field', async () => {
    const session = await lyingServer({ temp: 'warm' });
    await session.listTools();
    await assert.rejects(session.callTool({ name: 'weather' }), /does not match its output schema: .*temp/);
    await session.close();
  });

  it('keeps the result and the problems with the error, for an application that shows them', async () => {
    const session = await lyingServer({ temp: 'warm' });
    await session.listTools();
    const error = await session.callTool({ name: 'weather' }).then(
      () => assert.fail('the result does not match'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof ToolOutputError);
    assert.equal(error.code, -32602);
    assert.equal(error.tool, 'weather');
    assert.equal(error.issues.length, 1);
    assert.match(error.issues[0]!, /temp/);
    assert.deepEqual(error.result.content, [{ type: 'text', text: 'x' }]);
    assert.deepEqual(error.result.structuredContent, { temp: 'warm' });
    assert.deepEqual(error.data, { structuredContent: { temp: 'warm' } }, 'what a peer would be sent, as before');
    await session.close();
  });

  it('rejects a result with no structured content', async () => {
    const session = await lyingServer(undefined);
    await session.listTools();
    await assert.rejects(session.callTool({ name: 'weather' }), (error: unknown) => {
      assert.ok(error instanceof ToolOutputError);
      assert.match(error.message, /returned no structured content/);
      assert.deepEqual(error.issues, ['no structured content']);
      return true;
    });
    await session.close();
  });

  it('does not check error results, nor tools it has not listed', async () => {
    const erring = await lyingServer({ temp: 'warm' }, true);
    await erring.listTools();
    assert.equal((await erring.callTool({ name: 'weather' })).isError, true);
    await erring.close();
    const unlisted = await lyingServer({ temp: 'warm' });
    assert.deepEqual((await unlisted.callTool({ name: 'weather' })).structuredContent, { temp: 'warm' });
    await unlisted.close();
  });
});
