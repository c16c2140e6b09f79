// The sandbox proxy page: served under the view's policy as a header (the spec's default when
// nothing is declared), framed only by the host origins given, and only for a request that
// names one of them; anything else is refused with the reason. Over a real loopback port, the
// Host check stops a rebinding name.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { sandboxResponse, SANDBOX_PAGE, VIEW_SANDBOX, VIEW_SANDBOX_FLAGS, viewPolicy } from 'mcpkit/app-host';
import { serveSandbox, type SandboxServer } from 'mcpkit/node';

const HOST = 'http://127.0.0.1:4000';
const ask = (query: string, method = 'GET') =>
  sandboxResponse(new Request(`http://127.0.0.1:5000/?${query}`, { method }), { hostOrigins: [HOST] });

describe('the sandbox page', () => {
  it('is served under the default policy when the view declares nothing', async () => {
    const response = ask(new URLSearchParams({ host: HOST }).toString());
    assert.equal(response.status, 200);
    assert.equal(
      response.headers.get('content-security-policy'),
      `${viewPolicy(undefined).csp}; frame-ancestors ${HOST}`,
    );
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.equal(await response.text(), SANDBOX_PAGE);
  });

  it('is served under the declared policy, never a looser one', () => {
    const csp = { connectDomains: ['https://api.example.com', "https://x.example.com 'unsafe-eval'"] };
    const response = ask(new URLSearchParams({ host: HOST, csp: JSON.stringify(csp) }).toString());
    const header = response.headers.get('content-security-policy')!;
    assert.equal(header, `${viewPolicy({ csp }).csp}; frame-ancestors ${HOST}`);
    assert.match(header, /connect-src 'self' https:\/\/api\.example\.com;/);
    assert.doesNotMatch(header, /unsafe-eval/);
  });

  it('refuses another host, a malformed csp and other methods, saying why', async () => {
    const other = ask(new URLSearchParams({ host: 'https://evil.example' }).toString());
    assert.equal(other.status, 400);
    assert.match(await other.text(), /serves the host origins http:\/\/127\.0\.0\.1:4000, not https:\/\/evil\.example/);
    assert.equal(ask('').status, 400);
    for (const csp of ['[1]', '{', '"x"', 'null']) {
      const bad = ask(new URLSearchParams({ host: HOST, csp }).toString());
      assert.equal(bad.status, 400, csp);
      assert.match(await bad.text(), /csp parameter must be a JSON object/);
    }
    const post = ask(new URLSearchParams({ host: HOST }).toString(), 'POST');
    assert.equal(post.status, 405);
    assert.equal(post.headers.get('allow'), 'GET, HEAD');
  });
});

describe('serveSandbox', () => {
  let sandbox: SandboxServer;
  before(async () => {
    sandbox = await serveSandbox({ hostOrigins: [HOST] });
  });
  after(() => sandbox.close());

  const get = (path: string, host: string) =>
    new Promise<{ status: number; csp: string | undefined; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: sandbox.port, path, headers: { host } }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, csp: res.headers['content-security-policy'] as string, body }),
        );
      });
      req.on('error', reject).end();
    });

  it('serves the page on 127.0.0.1 to a loopback name', async () => {
    assert.equal(sandbox.url, `http://127.0.0.1:${sandbox.port}/`);
    const page = await get(`/?host=${encodeURIComponent(HOST)}`, `127.0.0.1:${sandbox.port}`);
    assert.equal(page.status, 200);
    assert.equal(page.body, SANDBOX_PAGE);
    assert.match(page.csp!, /^default-src 'none'.*frame-ancestors http:\/\/127\.0\.0\.1:4000$/);
  });

  it('refuses a name that is not loopback (DNS rebinding) and an unknown host origin', async () => {
    const rebound = await get(`/?host=${encodeURIComponent(HOST)}`, `evil.example:${sandbox.port}`);
    assert.equal(rebound.status, 403);
    assert.match(rebound.body, /Host not allowed: evil\.example/);
    assert.equal((await get('/?host=https%3A%2F%2Fevil.example', `localhost:${sandbox.port}`)).status, 400);
  });
});

describe('the sandbox page script', () => {
  it('writes out the same flags as the constants', () => {
    assert.ok(
      SANDBOX_PAGE.includes(
        `const FLAGS = ${JSON.stringify(VIEW_SANDBOX_FLAGS).replaceAll('"', "'").replaceAll(',', ', ')};`,
      ),
    );
    const defaults = VIEW_SANDBOX.split(' ')
      .map((flag) => `'${flag}'`)
      .join(', ');
    assert.ok(SANDBOX_PAGE.includes(`: [${defaults}];`));
  });
});
