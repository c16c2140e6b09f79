// The loopback redirect listener, over real sockets: one redirect on the path ends it and
// resolves with the query; the page it answers repeats nothing of the query; anything else
// gets 404 and leaves it waiting; a timeout, an abort or close stop it; the port is freed.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { listenForRedirect } from '../../src/node/index.js';
import { within } from '../helpers/e2e.js';
import { listenOnLoopback } from '../helpers/loopback.js';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP request to 127.0.0.1, with the Host header and method given (fetch would not let us set Host). */
function send(port: number, path: string, options: { method?: string; host?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: { host: options.host ?? `127.0.0.1:${port}` },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Whether something accepts connections on the port of 127.0.0.1. */
async function accepting(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/`);
    return true;
  } catch {
    return false;
  }
}

/** A port that was free a moment ago. */
async function freePort(): Promise<number> {
  const probe = createServer();
  const port = await listenOnLoopback(probe);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('listenForRedirect', { timeout: 20_000 }, () => {
  it('gives its redirect URI first, takes one redirect, answers without echoing it, then stops', async () => {
    const listener = await listenForRedirect();
    assert.match(listener.redirectUri, /^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    assert.equal(new URL(listener.redirectUri).port, String(listener.port));

    const code = 'SplxlOBeZQQYbYS6WxSbIA';
    const state = 'af0ifjsldkj-state';
    const iss = 'http://127.0.0.1:9/issuer';
    const res = await fetch(`${listener.redirectUri}?code=${code}&state=${state}&iss=${encodeURIComponent(iss)}`);
    const page = await res.text();
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    assert.equal(res.headers.get('referrer-policy'), 'no-referrer');
    assert.equal(res.headers.get('content-security-policy'), "default-src 'none'");
    for (const value of [code, state, iss, '127.0.0.1:9'])
      assert.ok(!page.includes(value), `the page repeats ${value}`);

    const query = await within(listener.redirect, 5000, 'the redirect');
    assert.equal(query.get('code'), code);
    assert.equal(query.get('state'), state);
    assert.equal(query.get('iss'), iss);
    await within(listener.close(), 5000, 'close');
    assert.equal(await accepting(listener.port), false, 'the port is no longer listened on');
  });

  it('answers an error redirect with the same page, repeating none of its text', async () => {
    const listener = await listenForRedirect({ path: '/oauth/done' });
    assert.match(listener.redirectUri, /\/oauth\/done$/);
    const description = '<script>alert("phish: call 555-0100")</script>';
    const res = await send(
      listener.port,
      `/oauth/done?error=access_denied&error_description=${encodeURIComponent(description)}&state=s1`,
    );
    assert.equal(res.status, 200);
    for (const value of ['access_denied', 'script', 'phish', '555-0100', 's1']) {
      assert.ok(!res.body.includes(value), `the page repeats ${value}`);
    }
    const query = await within(listener.redirect, 5000, 'the redirect');
    assert.equal(query.get('error'), 'access_denied');
    assert.equal(query.get('error_description'), description);
  });

  it('answers 404 to other paths, methods and hosts, and keeps waiting', async () => {
    const listener = await listenForRedirect();
    const path = new URL(listener.redirectUri).pathname;
    const others = [
      await send(listener.port, '/favicon.ico'),
      await send(listener.port, '/'),
      await send(listener.port, `${path}/more?code=x`),
      await send(listener.port, `/${path}?code=x`),
      await send(listener.port, `${path}?code=x`, { method: 'POST' }),
      await send(listener.port, `${path}?code=x`, { method: 'HEAD' }),
      await send(listener.port, `${path}?code=x`, { host: `rebound.example:${listener.port}` }),
    ];
    assert.deepEqual(
      others.map((answer) => answer.status),
      others.map(() => 404),
    );
    assert.ok(others.every((answer) => !answer.body.includes('code')));

    const res = await send(listener.port, `${path}?code=real`);
    assert.equal(res.status, 200);
    assert.equal((await within(listener.redirect, 5000, 'the redirect')).get('code'), 'real');
    // The one redirect is taken: the listener has stopped.
    await within(listener.close(), 5000, 'close');
    assert.equal(await accepting(listener.port), false);
  });

  it('listens on a port it is given, and says clearly when that port is taken', async () => {
    const port = await freePort();
    const listener = await listenForRedirect({ port });
    assert.equal(listener.port, port);
    assert.equal(listener.redirectUri, `http://127.0.0.1:${port}/callback`);
    await assert.rejects(listenForRedirect({ port }), (error: Error) => {
      assert.match(error.message, new RegExp(`port ${port} of 127\\.0\\.0\\.1 is in use`));
      return true;
    });
    await listener.close();
    await assert.rejects(listener.redirect, /closed before a redirect came/);
  });

  it('gives up after its timeout and frees the port', async () => {
    const listener = await listenForRedirect({ timeoutMs: 50 });
    await assert.rejects(within(listener.redirect, 5000, 'the timeout'), (error: Error) => {
      assert.equal(error.name, 'TimeoutError');
      return true;
    });
    await within(listener.close(), 5000, 'close');
    assert.equal(await accepting(listener.port), false);
  });

  it('gives up when its signal aborts, with the signal’s reason', async () => {
    const controller = new AbortController();
    const listener = await listenForRedirect({ signal: controller.signal });
    const reason = new Error('the user pressed Ctrl-C');
    controller.abort(reason);
    await assert.rejects(within(listener.redirect, 5000, 'the abort'), (error) => error === reason);
    await within(listener.close(), 5000, 'close');
    assert.equal(await accepting(listener.port), false);

    const aborted = AbortSignal.abort(new Error('already'));
    await assert.rejects(listenForRedirect({ signal: aborted }), /already/);
  });

  it('stops on close, and a redirect after that finds no listener', async () => {
    const listener = await listenForRedirect();
    // A browser that keeps an idle connection open does not hold close up.
    await send(listener.port, '/favicon.ico');
    await within(listener.close(), 5000, 'close');
    await assert.rejects(listener.redirect, /closed before a redirect came/);
    await assert.rejects(fetch(`${listener.redirectUri}?code=late`));
    await listener.close();
  });

  it('refuses bad options before binding anything', async () => {
    await assert.rejects(listenForRedirect({ path: 'callback' }), TypeError);
    await assert.rejects(listenForRedirect({ path: '/cb?x=1' }), TypeError);
    await assert.rejects(listenForRedirect({ port: -1 }), RangeError);
    await assert.rejects(listenForRedirect({ port: 1.5 }), RangeError);
    await assert.rejects(listenForRedirect({ timeoutMs: 0 }), RangeError);
    await assert.rejects(listenForRedirect({ timeoutMs: Number.NaN }), RangeError);
  });
});
