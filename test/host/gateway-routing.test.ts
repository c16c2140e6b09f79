// The gateway as a library (`Gateway` of mcpkit/host), its clients mcpkit's own in this process
// over in-memory pairs, its servers child processes: what a call carries upstream (`_meta`),
// and whose client an upstream server's request for input reaches when several calls are in
// progress on that server.
import assert from 'node:assert/strict';
import process from 'node:process';
import { after, before, describe, it } from 'node:test';
import { Client, type ClientSession } from '../../src/client/index.js';
import { Gateway } from '../../src/host/index.js';
import { createInMemoryPair } from '../../src/testing/index.js';
import { firstText, fixture, within } from '../helpers/e2e.js';
import { fillProfile, parsed } from '../helpers/interop-features.js';

const node = process.execPath;

describe('the gateway as a library', { timeout: 60_000 }, () => {
  let gateway: Gateway;
  const sessions: ClientSession[] = [];
  before(async () => {
    gateway = new Gateway({
      servers: {
        chg: { type: 'stdio', command: node, args: [fixture('gateway-upstream-server')] },
        sdk: { type: 'stdio', command: node, args: [fixture('interop-features-sdk-server')] },
      },
      eraCache: false,
    });
    await within(gateway.start(), 30_000, 'the servers to start');
  });
  after(async () => {
    await Promise.all(sessions.map((s) => s.close()));
    await gateway.close();
  });

  /** A legacy client of the gateway; its form answers say when asked, and wait for `answer` when given. */
  async function connect(name: string, answer?: Promise<void>, asked?: () => void): Promise<ClientSession> {
    const client = new Client(
      { name, version: '1' },
      {
        elicitation: {
          form: async (params) => {
            asked?.();
            await answer;
            return fillProfile(params.message);
          },
        },
      },
    );
    const [serverEnd, clientEnd] = createInMemoryPair();
    await gateway.server.connect(serverEnd);
    const session = await client.connect(clientEnd, { protocolVersion: '2025-11-25' });
    sessions.push(session);
    return session;
  }

  it('carries the client’s _meta upstream, but not what belongs to its own request', async () => {
    const session = await connect('meta');
    const result = await session.callTool({
      name: 'chg__meta',
      arguments: {},
      _meta: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', 'example.com/tag': 7 },
    });
    const meta = parsed(result) as Record<string, unknown>;
    assert.equal(meta.traceparent, '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
    assert.equal(meta['example.com/tag'], 7);
    // The gateway's host speaks 2026-07-28 to this server, for itself: the envelope names the host.
    assert.equal((meta['io.modelcontextprotocol/clientInfo'] as { name: string } | undefined)?.name, 'mcpkit-host');
  });

  it('routes a legacy server’s elicitation to the one client with a call in progress on it', async () => {
    const one = await connect('one');
    const [a, b] = await Promise.all([
      one.callTool({ name: 'sdk__elicit-form', arguments: {} }),
      one.callTool({ name: 'sdk__elicit-form', arguments: { message: 'second' } }),
    ]);
    assert.deepEqual(parsed(a), fillProfile(''));
    assert.deepEqual(parsed(b), fillProfile('second'));
  });

  it('refuses a legacy server’s elicitation it cannot place among calls of several clients', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked!: () => void;
    const shown = new Promise<void>((resolve) => (asked = resolve));
    const first = await connect('first', held, asked);
    const second = await connect('second');
    // The first client's call is in progress, its form held open, when the second one's arrives.
    const waiting = first.callTool({ name: 'sdk__elicit-form', arguments: {} });
    await within(shown, 10_000, 'the first client to be asked');
    const refused = await second.callTool({ name: 'sdk__elicit-form', arguments: {} });
    assert.match(firstText(refused), /calls of several clients were in progress/);
    release();
    assert.deepEqual(parsed(await waiting), fillProfile(''));
  });
});
