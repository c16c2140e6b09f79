// Every request a client may send, with malformed params: -32602 with a message naming the
// field, and the server goes on serving.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createEverythingServer } from '../../src/cli/everything-server.js';
import { methodAllowed, requiredCapability, hasCapability } from '../../src/protocol/methods.js';
import { METHODS } from '../../src/types/methods.js';
import { RawClient } from '../helpers/raw-client.js';

const VERSION = '2025-11-25';
const methods = Object.keys(METHODS).filter(
  (m) => m !== 'initialize' && methodAllowed(m, VERSION, 'client', 'request'),
);

// Every field any client request has, each with a value of the wrong type.
const malformed = {
  _meta: 5,
  cursor: 42,
  name: 42,
  uri: 42,
  level: 42,
  ref: 42,
  argument: 42,
  arguments: 'x',
  taskId: 42,
};

describe('malformed params', () => {
  it('covers the requests of the revision', () => {
    assert.ok(methods.length >= 12, methods.join(', '));
  });

  for (const method of methods) {
    it(`${method}: -32602 naming the field, or -32601 when the server lacks the capability`, async () => {
      const server = createEverythingServer();
      const client = await RawClient.connect(server, VERSION);
      const reply = await client.request(method, malformed);
      const capability = requiredCapability(method, VERSION);
      if (capability && !hasCapability(server.capabilities as Record<string, unknown>, capability)) {
        assert.equal(reply.error?.code, -32601, JSON.stringify(reply));
      } else {
        assert.equal(reply.error?.code, -32602, JSON.stringify(reply));
        assert.match(reply.error!.message, /params\.[A-Za-z_]+/);
      }
      assert.deepEqual((await client.request('ping')).result, {}, 'still serving');
    });
  }
});
