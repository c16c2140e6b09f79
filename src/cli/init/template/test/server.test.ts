/**
 * The server's tests: a client connected to it in memory (`connectPair`), no process or port.
 * `npm test` compiles them with the server and runs them with Node's test runner.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { connectPair, type ConnectedPair } from 'mcpkit/testing';
import { createServer } from '../src/server.js';

describe('the server', () => {
  let pair: ConnectedPair;
  beforeEach(async () => {
    pair = await connectPair(createServer());
  });
  afterEach(() => pair.close());

  it('lists its tool, with its input schema', async () => {
    const { tools } = await pair.client.listTools();
    assert.deepEqual(
      tools.map((tool) => tool.name),
      ['greet'],
    );
    assert.deepEqual(tools[0]?.inputSchema.required, ['name']);
  });

  it('greets by name', async () => {
    const result = await pair.client.callTool({ name: 'greet', arguments: { name: 'Ada' } });
    assert.deepEqual(result.content, [{ type: 'text', text: 'Hello, Ada!' }]);
    assert.notEqual(result.isError, true);
  });

  it('answers a call without a name with an error the model can read', async () => {
    const result = await pair.client.callTool({ name: 'greet', arguments: {} });
    assert.equal(result.isError, true);
  });

  it('reads its resource', async () => {
    const { contents } = await pair.client.readResource({ uri: 'info://about' });
    assert.ok(contents[0] !== undefined && 'text' in contents[0], 'a text resource');
    assert.match(contents[0].text, /mcpkit/);
  });
});
