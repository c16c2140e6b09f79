// A server reached by URL: the inspector keeps each HTTP exchange for the network view (method,
// URL, status, headers both ways), with credentials masked; and inspects the server in the era
// asked for.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { within } from '../../helpers/e2e.js';
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
  let server: ChildProcess;
  let inspect: InspectChild;
  before(async () => {
    server = spawn(process.execPath, [CLI, 'example-server', '--http', '--port', '0'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const url = await within(
      new Promise<string>((resolve) => {
        let out = '';
        server.stdout!.on('data', (chunk: Buffer) => {
          out += String(chunk);
          const found = /^(http:\/\/127\.0\.0\.1:\d+\/mcp)$/m.exec(out);
          if (found) resolve(found[1]!);
        });
      }),
      20_000,
      'the example server',
    );
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
    server?.kill();
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
