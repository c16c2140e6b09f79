// What the HTTP client transports do when a server refuses a request for its credentials (401
// or 403), over real sockets: without authorization, one error saying what the server asks for
// (never its error_description), and no fallback to another era or transport; with an `auth`
// option, the refusal handed to it and the request sent again as it says, a bounded number of
// times.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  AuthorizationError,
  MAX_AUTH_RETRIES,
  type AuthAnswer,
  type AuthRefusal,
  type HttpClientAuth,
} from '../../src/auth/index.js';
import { Client } from '../../src/client/index.js';
import { ManualClock } from '../../src/testing/index.js';
import { connectHttp, HttpStatusError } from '../../src/http/index.js';
import { listen, type ListeningServer } from '../../src/node/index.js';
import { Server } from '../../src/server/index.js';
import { PRM_PATH, startGate, type Gate } from '../helpers/bearer-gate.js';
import { within } from '../helpers/e2e.js';

const LIMIT = 10_000;
const TOKENS: Record<string, readonly string[]> = { reader: ['mcp:read'], writer: ['mcp:read', 'mcp:write'] };

describe('HTTP client transports refused for authorization', () => {
  let mcp: ListeningServer;
  let gate: Gate;

  before(async () => {
    const server = new Server({ name: 'guarded', version: '1' });
    server.tool('write', {}, () => ({ content: [{ type: 'text', text: 'written' }] }));
    mcp = await listen(server);
    gate = await startGate({
      upstream: mcp.url,
      verify: (token) => TOKENS[token],
      scopeFor: (method) => (method === 'tools/call' ? 'mcp:write' : undefined),
      resourceMetadata: PRM_PATH,
      challengeScope: 'mcp:read',
    });
  });
  after(async () => {
    await gate.close();
    await mcp.close();
  });

  const client = () => new Client({ name: 'refused', version: '1' });
  const requestsFrom = (start: number) => gate.requests.slice(start);

  it('without auth, fails the connect with one error saying what the server asks for', async () => {
    const start = gate.requests.length;
    const error = await within(connectHttp(client(), gate.url, { eraCache: false }), LIMIT, 'connect').then(
      () => assert.fail('connect should fail'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof HttpStatusError, String(error));
    assert.equal(error.status, 401);
    assert.equal(error.challenge?.scope, 'mcp:read');
    assert.equal(error.challenge?.error, 'invalid_token');
    assert.equal(error.headers.get('www-authenticate')?.startsWith('Bearer '), true);
    assert.match(error.message, /answered 401 Unauthorized: the server requires authorization \(Bearer/);
    assert.match(error.message, /scope "mcp:read"/);
    assert.match(
      error.message,
      /resource metadata at "http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp"/,
    );
    // The server's own words are not repeated as the client's.
    assert.doesNotMatch(error.message, /missing or not valid/);
    // The probe alone: no handshake after it, no HTTP+SSE attempt.
    assert.deepEqual(
      requestsFrom(start).map((r) => `${r.method} ${r.rpc ?? r.path}`),
      ['POST server/discover'],
    );
  });

  it('without auth, fails a pinned legacy connect at its initialize', async () => {
    const start = gate.requests.length;
    const error = await within(
      connectHttp(client(), gate.url, { eraCache: false, protocolVersion: '2025-11-25' }),
      LIMIT,
      'connect',
    ).then(
      () => assert.fail('connect should fail'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof HttpStatusError && error.status === 401, String(error));
    assert.deepEqual(
      requestsFrom(start).map((r) => `${r.method} ${r.rpc ?? r.path}`),
      ['POST initialize'],
    );
  });

  for (const version of ['2026-07-28', '2025-11-25'] as const) {
    it(`hands refusals to auth and sends the request again with its new headers (${version})`, async () => {
      let token = 'stale';
      const refusals: AuthRefusal[] = [];
      const answers: AuthAnswer[] = [];
      const auth: HttpClientAuth = {
        headers: () => ({ authorization: `Bearer ${token}` }),
        refused: async (refusal) => {
          refusals.push(refusal);
          token = refusal.status === 401 ? 'reader' : 'writer';
          return true;
        },
        answered: (answer) => answers.push(answer),
      };
      const { session } = await within(
        connectHttp(client(), gate.url, { eraCache: false, protocolVersion: version, auth }),
        LIMIT,
        'connect',
      );
      try {
        const result = await within(session.callTool({ name: 'write', arguments: {} }), LIMIT, 'tools/call');
        assert.deepEqual(result.content, [{ type: 'text', text: 'written' }]);
      } finally {
        await session.close();
      }
      assert.equal(refusals.length, 2);
      const [first, second] = refusals as [AuthRefusal, AuthRefusal];
      assert.equal(first.status, 401);
      assert.equal(first.attempt, 0);
      assert.equal(first.serverUrl, gate.url);
      assert.equal(first.protocolVersion, version);
      // An initialize asks for its revision; a modern request names one the server checks.
      assert.equal(first.handshake, version === '2025-11-25');
      assert.equal(first.sent.get('authorization'), 'Bearer stale');
      assert.equal(first.challenge?.scope, 'mcp:read');
      assert.equal(second.status, 403);
      assert.equal(second.handshake, false);
      assert.equal(second.challenge?.error, 'insufficient_scope');
      assert.equal(second.challenge?.scope, 'mcp:write');
      assert.ok(answers.some((a) => a.status === 200 && a.sent.get('authorization') === 'Bearer writer'));
      // The token is the gate's business: the server behind it never sees one.
      assert.ok(
        gate.requests.filter((r) => r.refused === undefined).every((r) => r.path !== '/mcp' || r.authorization),
      );
    });
  }

  for (const version of ['2026-07-28', '2025-11-25'] as const) {
    it(`lets no time run against a request while auth keeps it waiting, a login say (${version})`, async () => {
      const clock = new ManualClock();
      let token = 'stale';
      const auth: HttpClientAuth = {
        headers: () => ({ authorization: `Bearer ${token}` }),
        refused: async () => {
          // Ten minutes at the login page: far beyond the probe's and the request's limits.
          clock.advance(600_000);
          token = 'reader';
          return true;
        },
      };
      const { session } = await within(
        connectHttp(new Client({ name: 'slow-user', version: '1' }, { clock }), gate.url, {
          eraCache: false,
          auth,
          ...(version === '2025-11-25' && { protocolVersion: version }),
        }),
        LIMIT,
        'connect',
      );
      // The probe did not time out into a handshake: the connection is in the era asked for.
      assert.equal(session.protocolVersion, version);
      const { tools } = await within(session.listTools(), LIMIT, 'tools/list');
      assert.deepEqual(
        tools.map((t) => t.name),
        ['write'],
      );
      await session.close();
    });
  }

  it(`sends a refused request at most ${MAX_AUTH_RETRIES} more times`, async () => {
    const start = gate.requests.length;
    let asked = 0;
    const auth: HttpClientAuth = {
      headers: () => ({ authorization: 'Bearer never-good' }),
      refused: async () => {
        asked++;
        return true;
      },
    };
    const error = await within(connectHttp(client(), gate.url, { eraCache: false, auth }), LIMIT, 'connect').then(
      () => assert.fail('connect should fail'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof HttpStatusError && error.status === 401, String(error));
    assert.equal(asked, MAX_AUTH_RETRIES);
    assert.equal(requestsFrom(start).length, MAX_AUTH_RETRIES + 1);
  });

  it('fails the request with the error auth rejects with, and tries nothing else', async () => {
    const start = gate.requests.length;
    const auth: HttpClientAuth = {
      headers: () => ({}),
      refused: () => Promise.reject(new AuthorizationError('discovery', 'no way to authorize here')),
    };
    const error = await within(connectHttp(client(), gate.url, { eraCache: false, auth }), LIMIT, 'connect').then(
      () => assert.fail('connect should fail'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof AuthorizationError, String(error));
    assert.equal(error.message, 'no way to authorize here');
    assert.equal(requestsFrom(start).length, 1);
  });
});
