// One contract every transport must keep, written once and run against each of them: what a
// client and a server see through it, from the handshake to shutdown.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Client, ClientSession } from '../../src/client/index.js';
import type { Server } from '../../src/server/index.js';
import { contractClient, contractServer } from './contract-server.js';

/** How the subjects connect: the contract is written for the handshake era. */
export const HANDSHAKE = { protocolVersion: '2025-11-25' } as const;

/** A transport under test: connects a client to a fresh contract server through it. */
export interface TransportUnderTest {
  name: string;
  connect(server: Server, client: Client): Promise<{ session: ClientSession; dispose?: () => Promise<void> }>;
}

export function runTransportContract(subject: TransportUnderTest): void {
  describe(`transport contract: ${subject.name}`, () => {
    async function open() {
      const server = contractServer();
      const { session, dispose } = await subject.connect(server, contractClient());
      return { server, session, done: async () => { await session.close(); await dispose?.(); } };
    }

    it('initializes, pings and calls', async () => {
      const { session, done } = await open();
      assert.equal(session.serverInfo.name, 'contract');
      await session.ping();
      assert.deepEqual((await session.callTool({ name: 'echo', arguments: { text: 'hi' } })).content, [{ type: 'text', text: 'hi' }]);
      await done();
    });

    it('carries 50 concurrent calls and a 1 MiB message intact', async () => {
      const { session, done } = await open();
      const texts = Array.from({ length: 50 }, (_, i) => `call ${i} ${'é'.repeat(i)}`);
      const results = await Promise.all(texts.map((text) => session.callTool({ name: 'echo', arguments: { text } })));
      assert.deepEqual(results.map((r) => (r.content[0] as { text: string }).text), texts);
      const big = 'x'.repeat(1024 * 1024);
      assert.equal(((await session.callTool({ name: 'echo', arguments: { text: big } })).content[0] as { text: string }).text.length, big.length);
      await done();
    });

    it('delivers progress for the call it belongs to', async () => {
      const { session, done } = await open();
      const seen: number[] = [];
      await session.callTool({ name: 'steps' }, { onprogress: (p) => seen.push(p.progress) });
      assert.deepEqual(seen, [1, 2, 3]);
      await done();
    });

    it('carries a request from the server to the client and its answer', async () => {
      const { session, done } = await open();
      assert.deepEqual((await session.callTool({ name: 'ask' })).content, [{ type: 'text', text: 'Ada' }]);
      await done();
    });

    it('carries cancellation to the server', async () => {
      const { session, done } = await open();
      const controller = new AbortController();
      const call = session.callTool({ name: 'wait' }, { signal: controller.signal });
      await session.ping(); // the call has reached the server
      controller.abort(new Error('stop'));
      await assert.rejects(call, /stop/);
      await session.ping();
      await done();
    });

    it('carries notifications the server sends on its own', async () => {
      const { session, done } = await open();
      const changed = new Promise<void>((resolve) => session.on('toolsListChanged', () => resolve()));
      await session.callTool({ name: 'grow' });
      await changed;
      await done();
    });

    it('rejects what is pending when the session closes', async () => {
      const { session, done } = await open();
      const call = session.callTool({ name: 'wait' });
      const rejected = assert.rejects(call, /closed/i);
      await session.ping();
      await session.close();
      await rejected;
      await done();
    });
  });
}
