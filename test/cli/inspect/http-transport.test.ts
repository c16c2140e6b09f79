// The HTTP transport of a server the inspector reaches by URL (`mcpkit inspect` and the example
// server over HTTP, real child processes, through the inspector's API): found by default, as
// the spec's backwards compatibility has it (Streamable HTTP, then HTTP+SSE when the server
// refuses the initialize POST as an old one does), with every attempt on the wire; or only the
// one asked for.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { startHttpExample, startInspect, type InspectChild } from '../../helpers/inspect-child.js';
import { inspectorApi, type InspectorApiClient } from '../../helpers/inspect-api.js';

describe('the HTTP transport of a server reached by URL', () => {
  let example: { child: ChildProcess; url: string };
  let sse: string;
  const stops: (() => Promise<void> | void)[] = [];
  before(async () => {
    example = await startHttpExample();
    sse = new URL('/sse', example.url).href;
  });
  after(async () => {
    for (const stop of stops) await stop();
    example?.child.kill();
  });
  const open = async (args: string[]): Promise<InspectorApiClient> => {
    const inspect: InspectChild = await startInspect(args);
    const api = await inspectorApi(inspect);
    stops.push(
      () => api.close(),
      () => inspect.stop(),
    );
    return api;
  };

  it('falls back to HTTP+SSE, and works over it', async () => {
    const api = await open(['--', sse]);
    const state = (await api.command('state', {})).body.result!;
    const info = state.servers![0]!.info!;
    assert.equal(info.transport, 'sse');
    assert.equal(info.era, 'stateful');
    const echo = await api.command('request', {
      server: api.server,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'over the old transport' } },
    });
    assert.deepEqual(echo.body.result!.content, [{ type: 'text', text: 'over the old transport' }]);
    // Every attempt is on the wire: the probe and the handshake refused, then the handshake again.
    const sent = (await api.command('state', {})).body
      .result!.wire!.filter((w) => w.direction === 'sent')
      .map((w) => (w.message as { method?: string }).method);
    assert.deepEqual(sent.slice(0, 3), ['server/discover', 'initialize', 'initialize']);
    const http = (await api.command('state', {})).body.result!.http as {
      method: string;
      url: string;
      status?: number;
    }[];
    assert.deepEqual(
      http.slice(0, 3).map((e) => [e.method, e.status]),
      [
        ['POST', 405],
        ['POST', 405],
        ['GET', 200],
      ],
    );
  });

  it('finds Streamable HTTP where the server speaks it', async () => {
    const api = await open(['--', example.url]);
    const info = (await api.command('state', {})).body.result!.servers![0]!.info!;
    assert.equal(info.transport, 'streamable-http');
    assert.equal(info.era, 'stateless');
  });

  it('uses only the transport asked for', async () => {
    const api = await open(['--', example.url]);
    const refused = await api.command('connect', { target: { type: 'http', url: sse, transport: 'streamable' } });
    assert.equal(refused.body.result!.server!.status, 'failed');
    assert.match(refused.body.result!.server!.error!, /405/);
    const old = await api.command('connect', { target: { type: 'http', url: example.url, transport: 'sse' } });
    assert.equal(old.body.result!.server!.status, 'failed', 'the Streamable HTTP endpoint opens no SSE stream');
    const chosen = await api.command('connect', { target: { type: 'http', url: sse, transport: 'sse' } });
    assert.equal(chosen.body.result!.server!.info!.transport, 'sse');
    const unknown = await api.command('connect', { target: { type: 'http', url: sse, transport: 'carrier pigeon' } });
    assert.equal(unknown.status, 400);
  });
});
