/**
 * The server's tests: a client connected to it in memory (`connectPair`), no process or port.
 * `npm test` compiles them with the server and runs them with Node's test runner.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { connectPair } from 'mcpkit/testing';
import { createServer } from '../src/server.js';

describe('the server', () => {
  it('lists its tool, with its input schema', async () => {
    const pair = await connectPair(createServer());
    try {
      const { tools } = await pair.client.listTools();
      assert.deepEqual(
        tools.map((tool) => tool.name),
        ['greet'],
      );
      assert.deepEqual(tools[0]?.inputSchema.required, ['name']);
    } finally {
      await pair.close();
    }
  });

  it('greets by name', async () => {
    const pair = await connectPair(createServer());
    try {
      const result = await pair.client.callTool({ name: 'greet', arguments: { name: 'Ada' } });
      assert.deepEqual(result.content, [{ type: 'text', text: 'Hello, Ada!' }]);
      assert.notEqual(result.isError, true);
    } finally {
      await pair.close();
    }
  });

  it('answers a call without a name with an error the model can read', async () => {
    const pair = await connectPair(createServer());
    try {
      const result = await pair.client.callTool({ name: 'greet', arguments: {} });
      assert.equal(result.isError, true);
    } finally {
      await pair.close();
    }
  });

  it('reads its resource', async () => {
    const pair = await connectPair(createServer());
    try {
      const { contents } = await pair.client.readResource({ uri: 'info://about' });
      assert.match(String(contents[0] && 'text' in contents[0] ? contents[0].text : ''), /mcpkit/);
    } finally {
      await pair.close();
    }
  });
});
