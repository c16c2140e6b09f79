// A server reached by URL: the inspector keeps each HTTP exchange for the network view (method,
// URL, status, headers both ways), with credentials masked; and inspects the server in the era
// asked for.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { serving, type ServingProcess } from '../../helpers/e2e.js';
import { CLI, startInspect, type InspectChild } from '../../helpers/inspect-child.js';

interface State {
  servers: { status: string; info?: { protocolVersion: string } }[];
  http: {
    method: string;
    url: string;
    status?: number;
    requestHeaders: Record<string, string>;
    responseHeaders?: Record<string, string>;
  }[];
}

describe('mcpkit inspect, a server by URL', () => {
  let server: ServingProcess;
  let inspect: InspectChild;
  before(async () => {
    server = await serving(CLI, ['example-server', '--http', '--port', '0']);
    const url = server.url;
    inspect = await startInspect([
      '--protocol-version',
      '2025-11-25',
      '--header',
      'Authorization: Bearer s3cret',
      '--',
      url,
    ]);
  });
  after(async () => {
    await inspect?.stop();
    await server?.close();
  });

  async function state(): Promise<State> {
    const response = await fetch(new URL('/api/state', inspect.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${inspect.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    return ((await response.json()) as { result: State }).result;
  }

  it('keeps each HTTP exchange, credentials masked, and speaks the era asked for', async () => {
    let seen = await state();
    for (let tries = 0; seen.servers[0]?.status !== 'connected' && tries < 200; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await state();
    }
    assert.equal(seen.servers[0]?.info?.protocolVersion, '2025-11-25');
    const initialize = seen.http.find((e) => e.method === 'POST' && e.status === 200);
    assert.ok(initialize, JSON.stringify(seen.http));
    assert.match(initialize.url, /\/mcp$/);
    assert.equal(initialize.requestHeaders.authorization, '(13 characters, hidden)');
    assert.ok(!JSON.stringify(seen.http).includes('s3cret'));
    assert.match(initialize.responseHeaders?.['content-type'] ?? '', /application\/json|text\/event-stream/);
  });
});
