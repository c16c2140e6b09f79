// The inspector refuses what does not come from its own page: no token or a wrong one, another
// Host (DNS rebinding), another Origin (another web page, another local port), a request from
// another site, a command that is not JSON. The same on the event stream. It sends no CORS
// header, and serves the page under a strict policy.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { EXAMPLE_SERVER, startInspect, type InspectChild } from '../../helpers/inspect-child.js';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(url: URL, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: url.port, path, method: init.method ?? 'GET', headers: init.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        // The event stream stays open: its first bytes are enough.
        if (res.headers['content-type'] === 'text/event-stream') {
          res.once('data', () => {
            req.destroy();
            resolve({ status: res.statusCode!, headers: res.headers, body });
          });
          return;
        }
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      },
    );
    req.on('error', reject).end(init.body);
  });
}

describe('mcpkit inspect refuses what its own page does not send', () => {
  let inspect: InspectChild;
  let own: string;
  let json: Record<string, string>;
  before(async () => {
    inspect = await startInspect(EXAMPLE_SERVER);
    own = inspect.url.origin;
    json = { authorization: `Bearer ${inspect.token}`, 'content-type': 'application/json', origin: own };
  });
  after(() => inspect?.stop());

  it('serves the page only with the token, under a strict policy and no CORS', async () => {
    const page = await send(inspect.url, `/?token=${inspect.token}`);
    assert.equal(page.status, 200);
    assert.match(String(page.headers['content-security-policy']), /script-src 'self';.*frame-ancestors 'none'/);
    assert.equal(page.headers['access-control-allow-origin'], undefined);
    assert.equal((await send(inspect.url, '/')).status, 401);
    assert.equal((await send(inspect.url, '/?token=wrong')).status, 401);
  });

  it('runs a command from its own page', async () => {
    // The URL is printed first; the server connects meanwhile.
    for (let tries = 0; ; tries++) {
      const state = await send(inspect.url, '/api/state', { method: 'POST', headers: json, body: '{}' });
      assert.equal(state.status, 200);
      assert.equal(state.headers['access-control-allow-origin'], undefined);
      const servers = (JSON.parse(state.body) as { result: { servers: { status: string }[] } }).result.servers;
      if (servers[0]?.status === 'connected' || tries === 200) {
        assert.deepEqual(
          servers.map((s) => s.status),
          ['connected'],
        );
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  it('refuses a command without the token, from another origin, another site, another host, or not JSON', async () => {
    const body = '{}';
    const cases: [Record<string, string>, number, RegExp][] = [
      [{ ...json, authorization: '' }, 401, /token is missing or wrong/],
      [{ ...json, authorization: 'Bearer nope' }, 401, /token is missing or wrong/],
      [{ ...json, origin: 'https://evil.example' }, 403, /Origin not allowed/],
      // Another local port is another web page.
      [{ ...json, origin: `http://127.0.0.1:${Number(inspect.url.port) + 1}` }, 403, /Origin not allowed/],
      [{ ...json, host: `evil.example:${inspect.url.port}` }, 403, /Host not allowed/],
      [{ ...json, 'sec-fetch-site': 'cross-site' }, 403, /another site/],
      [{ ...json, 'content-type': 'text/plain' }, 415, /commands are JSON/],
    ];
    for (const [headers, status, message] of cases) {
      const answer = await send(inspect.url, '/api/state', { method: 'POST', headers, body });
      assert.equal(answer.status, status, JSON.stringify(headers));
      assert.match(answer.body, message);
    }
  });

  it('opens the event stream only for its own page', async () => {
    const stream = await send(inspect.url, '/api/events', { headers: { authorization: `Bearer ${inspect.token}` } });
    assert.equal(stream.status, 200);
    assert.equal(stream.headers['content-type'], 'text/event-stream');
    assert.equal((await send(inspect.url, '/api/events')).status, 401);
    const rebound = await send(inspect.url, '/api/events', {
      headers: { authorization: `Bearer ${inspect.token}`, host: `evil.example:${inspect.url.port}` },
    });
    assert.equal(rebound.status, 403);
    const foreign = await send(inspect.url, '/api/events', {
      headers: { authorization: `Bearer ${inspect.token}`, origin: 'https://evil.example' },
    });
    assert.equal(foreign.status, 403);
  });

  it('says a command it does not know, and a bad target, as the page’s mistakes', async () => {
    const unknown = await send(inspect.url, '/api/launch', { method: 'POST', headers: json, body: '{}' });
    assert.equal(unknown.status, 400);
    assert.match(unknown.body, /unknown command launch/);
    const bad = await send(inspect.url, '/api/connect', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ target: { type: 'http', url: 'file:///etc/passwd' } }),
    });
    assert.equal(bad.status, 400);
    assert.match(bad.body, /the target is/);
  });
});
