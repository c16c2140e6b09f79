// One contract every transport must keep, written once and run against each of them in each era
// it carries: what a client and a server see through it, from connecting to shutdown. The
// legacy era is the 2025-11-25 handshake; the modern one is 2026-07-28, every request
// carrying the envelope in `_meta`. A case runs in both unless the era lacks what it tests (ping,
// which 2026-07-28 removed); where the wire differs by era but the contract does not (a question
// to the client, cancellation, a notification the server sends unasked), the case says how.
import process from 'node:process';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Client, ClientSession, ConnectOptions } from '../../src/client/index.js';
import type { Server } from '../../src/server/index.js';
import { within } from '../helpers/e2e.js';
import { contractClient, contractServer } from './contract-server.js';

export type ContractEra = '2025-11-25' | '2026-07-28';

/** How a client connects in each era: the handshake without a probe, or the modern revision or an error. */
const CONNECT: Record<ContractEra, ConnectOptions> = {
  '2025-11-25': { protocolVersion: '2025-11-25' },
  '2026-07-28': { protocolVersion: '2026-07-28', era: 'modern' },
};

/** A transport under test: connects a client to a fresh contract server through it. */
export interface TransportUnderTest {
  name: string;
  /** The eras it carries; default both. */
  eras?: readonly ContractEra[];
  /** Streamable HTTP, where in 2026-07-28 closing a request's response cancels it, with no reason. */
  streamableHttp?: boolean;
  connect(
    server: Server,
    client: Client,
    options: ConnectOptions,
  ): Promise<{ session: ClientSession; dispose?: () => Promise<void> }>;
}

/**
 * Why the warning case fails over Streamable HTTP in 2026-07-28: the client transport adds an
 * abort listener to its own close signal for each modern request in flight, so an 11th
 * concurrent request makes Node print MaxListenersExceededWarning ("Possible EventTarget memory
 * leak") to stderr: a false alarm (each listener goes when its request ends) that a user cannot
 * tell from a leak.
 */

const text = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;

/** Calls `gather` once for each text, all of them in flight at once; resolves with what each call answered. */
async function gather(session: ClientSession, texts: string[]): Promise<string[]> {
  const calls = texts.map((value) => session.callTool({ name: 'gather', arguments: { text: value, n: texts.length } }));
  return (await within(Promise.all(calls), 10_000, `${texts.length} calls in flight at once`)).map(text);
}

/**
 * Starts the tool `wait` tagged `tag` and resolves once it runs on the server (its first
 * progress arrived), with the call, still in flight.
 */
async function startWaiting(
  session: ClientSession,
  tag: string,
  signal?: AbortSignal,
): Promise<{ call: Promise<unknown> }> {
  let running!: () => void;
  const started = new Promise<void>((resolve) => (running = resolve));
  const call = session.callTool(
    { name: 'wait', arguments: { tag } },
    { onprogress: () => running(), ...(signal && { signal }) },
  );
  // A call that fails before it starts ends the wait at once, with its error.
  await within(Promise.race([started, call.then(() => {})]), 10_000, 'the wait tool to start');
  return { call };
}

export function runTransportContract(subject: TransportUnderTest): void {
  for (const era of subject.eras ?? (['2025-11-25', '2026-07-28'] as const)) {
    describe(`transport contract: ${subject.name}, in ${era}`, () => {
      /** Connects a client to a fresh server, runs `use`, then closes both, whether `use` failed or not. */
      async function connected(use: (session: ClientSession) => Promise<void>): Promise<void> {
        const { session, dispose } = await subject.connect(contractServer(), contractClient(), CONNECT[era]);
        try {
          await use(session);
        } finally {
          await session.close();
          await dispose?.();
        }
      }

      it('connects in the era asked for and calls', () =>
        connected(async (session) => {
          assert.equal(session.protocolVersion, era);
          assert.equal(session.serverInfo.name, 'contract');
          assert.deepEqual((await session.callTool({ name: 'echo', arguments: { text: 'hi' } })).content, [
            { type: 'text', text: 'hi' },
          ]);
        }));

      // 2026-07-28 removed ping: a modern server has no connection to check.
      if (era === '2025-11-25') {
        it('pings', () =>
          connected(async (session) => {
            assert.deepEqual(await session.ping(), {});
          }));
      }

      it('carries 50 calls in flight at once and a 1 MiB message intact', () =>
        connected(async (session) => {
          const texts = Array.from({ length: 50 }, (_, i) => `call ${i} ${'é'.repeat(i)}`);
          assert.deepEqual(await gather(session, texts), texts);
          const big = 'x'.repeat(1024 * 1024);
          assert.equal(text(await session.callTool({ name: 'echo', arguments: { text: big } })).length, big.length);
        }));

      // Node warns of a possible leak when more than 10 listeners wait on one AbortSignal.
      it('carries 50 calls in flight at once without making the process warn', () =>
        connected(async (session) => {
          const warnings: Error[] = [];
          const warned = (warning: Error) => warnings.push(warning);
          process.on('warning', warned);
          try {
            await gather(
              session,
              Array.from({ length: 50 }, (_, i) => String(i)),
            );
            // Node emits a warning on process.nextTick, which waits out a run of promise jobs: one
            // turn of the event loop lets it arrive.
            await new Promise((resolve) => setImmediate(resolve));
          } finally {
            process.off('warning', warned);
          }
          assert.deepEqual(warnings.map(String), []);
        }));

      it('delivers progress for the call it belongs to', () =>
        connected(async (session) => {
          const seen: number[] = [];
          await session.callTool({ name: 'steps' }, { onprogress: (p) => seen.push(p.progress) });
          assert.deepEqual(seen, [1, 2, 3]);
        }));

      // Legacy: a request of the server's own (elicitation/create). Modern: an input-required
      // result, answered and retried. The same client handler answers both.
      it('carries a question from the server to the client and its answer', () =>
        connected(async (session) => {
          assert.deepEqual((await session.callTool({ name: 'ask' })).content, [{ type: 'text', text: 'Ada' }]);
        }));

      it('carries cancellation to the server', () =>
        connected(async (session) => {
          const controller = new AbortController();
          const { call } = await startWaiting(session, 'cancelled', controller.signal);
          controller.abort(new Error('stop'));
          await assert.rejects(call, /stop/);
          // notifications/cancelled carries the reason; closing the response does not.
          const closes = era === '2026-07-28' && subject.streamableHttp === true;
          const reason = text(
            await within(
              session.callTool({ name: 'aborted', arguments: { tag: 'cancelled' } }),
              10_000,
              'the server to see the cancellation',
            ),
          );
          assert.equal(
            reason,
            `Request cancelled by the peer: ${closes ? 'the client closed its HTTP request' : 'stop'}`,
          );
        }));

      // Legacy: on the session. Modern: on a subscriptions/listen stream, the one way a
      // modern server reaches a client unasked.
      it('carries notifications the server sends on its own', () =>
        connected(async (session) => {
          const changed = new Promise<void>((resolve) => session.on('toolsListChanged', () => resolve()));
          const subscription = era === '2026-07-28' ? await session.listen({ toolsListChanged: true }) : undefined;
          await session.callTool({ name: 'grow' });
          await within(changed, 10_000, 'notifications/tools/list_changed');
          await subscription?.close();
        }));

      it('rejects what is pending when the session closes', () =>
        connected(async (session) => {
          const { call } = await startWaiting(session, 'pending');
          const rejected = assert.rejects(call, /closed/i);
          await session.close();
          await rejected;
        }));
    });
  }
}
