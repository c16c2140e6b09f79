// A resource, prompt or completion handler that throws: its client is answered -32603 with
// nothing internal in it, and the failure is reported once, naming the request, to onError or
// by default to stderr (never stdout, which a stdio server keeps for protocol messages).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Client } from '../../src/client/index.js';
import { JsonRpcError } from '../../src/jsonrpc/errors.js';
import { Server } from '../../src/server/index.js';
import { createInMemoryPair } from '../../src/testing/index.js';
import { clientInfo, fixture, nodeTransport, within } from '../helpers/e2e.js';

const FIXTURE = fixture('failing-handlers-server');

async function internalError(request: Promise<unknown>): Promise<void> {
  await assert.rejects(
    request,
    (e: unknown) => e instanceof JsonRpcError && e.code === -32603 && e.message === 'Internal error',
  );
}

describe('handler failures', () => {
  it("reach onError once each, naming the request, with the handler's error as cause", async () => {
    const reported: Error[] = [];
    const server = new Server({ name: 's', version: '1' }, { onError: (e) => reported.push(e) });
    const thrown = new Error('disk on fire');
    server.resource('broken://thing', { name: 'thing' }, () => {
      throw thrown;
    });
    server.prompt('review', {}, () => Promise.reject(new TypeError('template missing')));
    const [a, b] = createInMemoryPair();
    const [, session] = await Promise.all([
      server.connect(a),
      new Client(clientInfo).connect(b, { protocolVersion: '2025-11-25' }),
    ]);
    await internalError(session.readResource({ uri: 'broken://thing' }));
    await internalError(session.getPrompt({ name: 'review' }));
    assert.deepEqual(
      reported.map((e) => e.message),
      ['resources/read "broken://thing" failed: disk on fire', 'prompts/get "review" failed: template missing'],
    );
    assert.equal(reported[0]!.cause, thrown);
    assert.ok(reported[1]!.cause instanceof TypeError);
    await session.close();
  });

  it('go to stderr by default over stdio, once each with the stack, stdout carrying only protocol', async () => {
    const transport = nodeTransport(FIXTURE, [], { stderrTailBytes: 64 * 1024 });
    const clientErrors: Error[] = [];
    const client = new Client(clientInfo, { onError: (e) => clientErrors.push(e) });
    const session = await within(client.connect(transport, { protocolVersion: '2025-11-25' }), 15_000, 'connect');
    await internalError(session.readResource({ uri: 'broken://thing' }));
    await internalError(session.getPrompt({ name: 'review', arguments: { code: 'x' } }));
    await internalError(
      session.complete({ ref: { type: 'ref/prompt', name: 'review' }, argument: { name: 'code', value: '' } }),
    );
    await session.close();

    assert.deepEqual(clientErrors, [], 'nothing but protocol messages on stdout');
    const stderr = transport.stderrTail;
    const reports = stderr.split('\n').filter((line) => line.startsWith('mcpkit server'));
    assert.deepEqual(reports, [
      'mcpkit server "failing-fixture": resources/read "broken://thing" failed; the client was answered "Internal error": Error: disk on fire',
      'mcpkit server "failing-fixture": prompts/get "review" failed; the client was answered "Internal error": TypeError: template missing',
      'mcpkit server "failing-fixture": completion/complete "review" failed; the client was answered "Internal error": RangeError: no suggestions today',
    ]);
    assert.match(
      stderr,
      /Error: disk on fire\n {4}at (Object\.)?readBrokenThing\b/,
      "the stack of the handler's error",
    );
    assert.match(stderr, /TypeError: template missing\n {4}at (Object\.)?fillReview\b/);
  });

  it('are not written anywhere when onError is given', async () => {
    const transport = nodeTransport(FIXTURE, ['--on-error-silent'], { stderrTailBytes: 64 * 1024 });
    const session = await within(
      new Client(clientInfo).connect(transport, { protocolVersion: '2025-11-25' }),
      15_000,
      'connect',
    );
    await internalError(session.readResource({ uri: 'broken://thing' }));
    await session.close();
    assert.equal(transport.stderrTail, '');
  });
});
