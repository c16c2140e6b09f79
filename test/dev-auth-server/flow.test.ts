// The development authorization server, driven over real sockets with plain fetch the way an
// MCP client drives an authorization server: metadata, dynamic registration of a loopback
// client, an authorization request with PKCE and a resource indicator that comes straight back
// with a code, the token request, the JWT checked against the published keys, refresh with
// rotation; and Client ID Metadata Documents, bounded memory, a clean stop, a missing package.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { startDevAuthServer, type DevAuthServer, type DevAuthServerOptions } from '../../src/dev-auth-server/index.js';
import { listenForRedirect } from '../../src/node/index.js';
import { within } from '../helpers/e2e.js';

const RESOURCE = 'http://127.0.0.1:3000/mcp';

interface Metadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  registration_endpoint: string;
  jwks_uri: string;
  [name: string]: unknown;
}

interface TokenResponse {
  access_token?: string;
  refresh_token?: string;
  token_type?: string;
  expires_in?: number;
  scope?: string;
  error?: string;
  error_description?: string;
}

const servers: DevAuthServer[] = [];
after(() => Promise.all(servers.map((server) => server.close())));

async function start(options: DevAuthServerOptions = {}): Promise<DevAuthServer> {
  const server = await startDevAuthServer({ resources: [RESOURCE], ...options });
  servers.push(server);
  return server;
}

async function metadata(server: DevAuthServer): Promise<Metadata> {
  const res = await fetch(`${server.issuer}/.well-known/oauth-authorization-server`);
  assert.equal(res.status, 200);
  return (await res.json()) as Metadata;
}

async function register(meta: Metadata, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await fetch(meta.registration_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const registered = (await res.json()) as Record<string, unknown>;
  assert.equal(res.status, 201, JSON.stringify(registered));
  return registered;
}

/** A public client with loopback redirect URIs, registered the way MCP clients do. */
async function registerLoopback(meta: Metadata, redirectUri: string, extra: Record<string, unknown> = {}) {
  const client = await register(meta, {
    client_name: 'test client',
    redirect_uris: [redirectUri],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    ...extra,
  });
  return client.client_id as string;
}

function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function authorizationUrl(meta: Metadata, params: Record<string, string>): string {
  const url = new URL(meta.authorization_endpoint);
  for (const [name, value] of Object.entries({ response_type: 'code', ...params })) url.searchParams.set(name, value);
  return url.href;
}

/** The authorization request, not followed: where its first answer redirects to. */
async function authorize(meta: Metadata, params: Record<string, string>): Promise<URL> {
  const res = await fetch(authorizationUrl(meta, params), { redirect: 'manual' });
  assert.ok(res.status === 302 || res.status === 303, `a redirect, not ${res.status}: ${await res.text()}`);
  return new URL(res.headers.get('location') ?? '');
}

async function token(meta: Metadata, form: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await fetch(meta.token_endpoint, { method: 'POST', headers, body: new URLSearchParams(form) });
  return { status: res.status, body: (await res.json()) as TokenResponse };
}

/** Registration, authorization straight back and the code exchange, for a public loopback client. */
async function tokensFor(meta: Metadata, params: Record<string, string> = {}) {
  const redirectUri = 'http://127.0.0.1:45678/callback';
  const clientId = await registerLoopback(meta, redirectUri);
  const { verifier, challenge } = pkce();
  const back = await authorize(meta, {
    client_id: clientId,
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    resource: RESOURCE,
    ...params,
  });
  const code = back.searchParams.get('code');
  assert.ok(code, `a code, not ${back.search}`);
  const exchanged = await token(meta, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    client_id: clientId,
    code_verifier: verifier,
    resource: params.resource ?? RESOURCE,
  });
  assert.equal(exchanged.status, 200, JSON.stringify(exchanged.body));
  return { clientId, ...exchanged.body };
}

describe('the development authorization server', { timeout: 30_000 }, () => {
  it('publishes its metadata at the RFC 8414 and the OpenID Connect well-known URLs', async () => {
    const server = await start();
    assert.match(server.issuer, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(server.issuer, `http://127.0.0.1:${server.port}`);
    const oauth = await metadata(server);
    const openid = (await (await fetch(`${server.issuer}/.well-known/openid-configuration`)).json()) as Metadata;
    for (const document of [oauth, openid]) {
      assert.equal(document.issuer, server.issuer);
      assert.equal(document.jwks_uri, server.jwksUri);
      assert.equal(document.authorization_response_iss_parameter_supported, true);
      assert.deepEqual(document.code_challenge_methods_supported, ['S256']);
      assert.deepEqual(document.response_types_supported, ['code']);
      assert.ok((document.grant_types_supported as string[]).includes('refresh_token'));
      assert.ok((document.scopes_supported as string[]).includes('offline_access'));
      assert.ok((document.token_endpoint_auth_methods_supported as string[]).includes('none'));
      assert.equal(document.client_id_metadata_document_supported, true);
      for (const endpoint of [
        document.authorization_endpoint,
        document.token_endpoint,
        document.registration_endpoint,
      ]) {
        assert.ok(endpoint.startsWith(`${server.issuer}/`), endpoint);
      }
    }
    const jwks = (await (await fetch(server.jwksUri)).json()) as { keys: Record<string, unknown>[] };
    assert.equal(jwks.keys.length, 1);
    assert.equal(jwks.keys[0]?.d, undefined, 'only the public key is published');
  });

  it('runs a whole flow: registration, authorization straight back, token, JWT, refresh with rotation', async () => {
    const server = await start();
    const meta = await metadata(server);
    const listener = await listenForRedirect();
    const clientId = await registerLoopback(meta, listener.redirectUri);
    const { verifier, challenge } = pkce();
    const state = randomBytes(16).toString('base64url');
    const url = authorizationUrl(meta, {
      client_id: clientId,
      redirect_uri: listener.redirectUri,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state,
      resource: RESOURCE,
      scope: 'mcp offline_access',
    });

    // No login form, no consent page: the first answer is the redirect back to the client.
    const first = await fetch(url, { redirect: 'manual' });
    assert.equal(first.status, 303);
    assert.ok(first.headers.get('location')?.startsWith(`${listener.redirectUri}?`));
    // As a browser would: follow it to the loopback listener.
    const page = await fetch(url);
    assert.equal(page.status, 200);
    const query = await within(listener.redirect, 5000, 'the redirect');
    assert.equal(query.get('state'), state);
    assert.equal(query.get('iss'), server.issuer);
    const code = query.get('code');
    assert.ok(code);

    const exchanged = await token(meta, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: listener.redirectUri,
      client_id: clientId,
      code_verifier: verifier,
      resource: RESOURCE,
    });
    assert.equal(exchanged.status, 200, JSON.stringify(exchanged.body));
    const { access_token: accessToken, refresh_token: refreshToken } = exchanged.body;
    assert.equal(exchanged.body.token_type, 'Bearer');
    assert.equal(exchanged.body.scope, 'mcp');
    assert.ok(accessToken && refreshToken);

    const keys = createRemoteJWKSet(new URL(server.jwksUri));
    const verified = await jwtVerify(accessToken, keys, {
      issuer: server.issuer,
      audience: RESOURCE,
      typ: 'at+jwt',
      algorithms: ['ES256'],
    });
    assert.equal(verified.payload.aud, RESOURCE);
    assert.equal(verified.payload.sub, server.user);
    assert.equal(verified.payload.client_id, clientId);
    assert.equal(verified.payload.scope, 'mcp');
    await assert.rejects(
      jwtVerify(accessToken, keys, { issuer: server.issuer, audience: 'http://127.0.0.1:3000/other' }),
    );

    // Each refresh returns a new refresh token; the old one is spent.
    const refresh = (value: string) =>
      token(meta, { grant_type: 'refresh_token', refresh_token: value, client_id: clientId, resource: RESOURCE });
    const refreshed = await refresh(refreshToken);
    assert.equal(refreshed.status, 200, JSON.stringify(refreshed.body));
    assert.ok(refreshed.body.refresh_token && refreshed.body.refresh_token !== refreshToken);
    const renewed = await jwtVerify(refreshed.body.access_token ?? '', keys, {
      issuer: server.issuer,
      audience: RESOURCE,
    });
    assert.equal(renewed.payload.sub, server.user);
    const rotated = await refresh(refreshed.body.refresh_token);
    assert.equal(rotated.status, 200, JSON.stringify(rotated.body));
    // Using a spent refresh token again revokes the grant: the newest one stops working too.
    assert.equal((await refresh(refreshToken)).body.error, 'invalid_grant');
    assert.equal((await refresh(rotated.body.refresh_token ?? '')).body.error, 'invalid_grant');
    // The code was single-use.
    const again = await token(meta, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: listener.redirectUri,
      client_id: clientId,
      code_verifier: verifier,
    });
    assert.equal(again.body.error, 'invalid_grant');
  });

  it('accepts the loopback redirect URIs MCP clients register, on any port at authorization time', async () => {
    const server = await start();
    const meta = await metadata(server);
    const variants: [string, Record<string, unknown>][] = [
      ['http://127.0.0.1:1111/callback', {}],
      ['http://localhost:2222/callback', { application_type: 'native' }],
      ['http://localhost/oauth/callback', {}],
      ['http://127.0.0.1:3333/callback', { application_type: 'web' }],
    ];
    for (const [registered, extra] of variants) {
      const clientId = await registerLoopback(meta, registered, extra);
      const used = new URL(registered);
      used.port = '54321';
      const { challenge } = pkce();
      const back = await authorize(meta, {
        client_id: clientId,
        redirect_uri: used.href,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state: 's',
        resource: RESOURCE,
      });
      assert.equal(`${back.origin}${back.pathname}`, used.href, registered);
      assert.ok(back.searchParams.get('code'), `${registered}: ${back.search}`);
    }
  });

  it('sends codes to this machine only: loopback redirect URIs and app schemes', async () => {
    const server = await start();
    const meta = await metadata(server);
    const app = await registerLoopback(meta, 'com.example.app:/oauth/callback');
    const { challenge } = pkce();
    const back = await authorize(meta, {
      client_id: app,
      redirect_uri: 'com.example.app:/oauth/callback',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      resource: RESOURCE,
    });
    assert.equal(back.protocol, 'com.example.app:');
    assert.ok(back.searchParams.get('code'));
    for (const remote of ['https://client.example/callback', 'http://192.168.1.20:8080/callback']) {
      const res = await fetch(meta.registration_endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          redirect_uris: ['http://127.0.0.1/callback', remote],
          token_endpoint_auth_method: 'none',
        }),
      });
      assert.equal(res.status, 400);
      const body = (await res.json()) as TokenResponse;
      assert.equal(body.error, 'invalid_redirect_uri');
      assert.match(body.error_description ?? '', /loopback/);
    }
  });

  it('lets web clients on this machine, and no other, call its token endpoint from a browser', async () => {
    const server = await start();
    const meta = await metadata(server);
    const form = {
      grant_type: 'refresh_token',
      refresh_token: 'unknown',
      client_id: await registerLoopback(meta, 'http://127.0.0.1/cb'),
    };
    const local = await fetch(meta.token_endpoint, {
      method: 'POST',
      headers: { origin: 'http://localhost:6274' },
      body: new URLSearchParams(form),
    });
    assert.equal(local.headers.get('access-control-allow-origin'), 'http://localhost:6274');
    assert.equal(((await local.json()) as TokenResponse).error, 'invalid_grant');
    const remote = await fetch(meta.token_endpoint, {
      method: 'POST',
      headers: { origin: 'https://attacker.example' },
      body: new URLSearchParams(form),
    });
    assert.equal(remote.headers.get('access-control-allow-origin'), null);
    const refused = (await remote.json()) as TokenResponse;
    assert.equal(refused.error, 'invalid_request');
    assert.match(refused.error_description ?? '', /origin/);
  });

  it('registers a confidential client that names no authentication method, with a secret', async () => {
    const server = await start();
    const meta = await metadata(server);
    const redirectUri = 'http://127.0.0.1:40000/callback';
    const client = await register(meta, { redirect_uris: [redirectUri], grant_types: ['authorization_code'] });
    assert.equal(client.token_endpoint_auth_method, 'client_secret_basic');
    assert.equal(typeof client.client_secret, 'string');
    const { verifier, challenge } = pkce();
    const back = await authorize(meta, {
      client_id: client.client_id as string,
      redirect_uri: redirectUri,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      resource: RESOURCE,
    });
    const basic = Buffer.from(
      `${encodeURIComponent(client.client_id as string)}:${encodeURIComponent(client.client_secret as string)}`,
    ).toString('base64');
    const exchanged = await token(
      meta,
      {
        grant_type: 'authorization_code',
        code: back.searchParams.get('code') ?? '',
        redirect_uri: redirectUri,
        code_verifier: verifier,
      },
      { authorization: `Basic ${basic}` },
    );
    assert.equal(exchanged.status, 200, JSON.stringify(exchanged.body));
    assert.equal(
      exchanged.body.refresh_token,
      undefined,
      'no refresh token for a client that did not register for them',
    );
  });

  it('requires PKCE with S256, the right verifier, and a resource it knows', async () => {
    const server = await start();
    const meta = await metadata(server);
    const redirectUri = 'http://127.0.0.1:40001/callback';
    const clientId = await registerLoopback(meta, redirectUri);
    const base = { client_id: clientId, redirect_uri: redirectUri, state: 's', resource: RESOURCE };

    const missing = await authorize(meta, base);
    assert.equal(missing.searchParams.get('error'), 'invalid_request');
    assert.equal(missing.searchParams.get('code'), null);
    const plain = await authorize(meta, { ...base, code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' });
    assert.equal(plain.searchParams.get('error'), 'invalid_request');
    const unknown = await authorize(meta, {
      ...base,
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
      resource: 'http://127.0.0.1:3001/mcp',
    });
    assert.equal(unknown.searchParams.get('error'), 'invalid_target');
    assert.equal(unknown.searchParams.get('iss'), server.issuer);

    const back = await authorize(meta, { ...base, code_challenge: pkce().challenge, code_challenge_method: 'S256' });
    const wrong = await token(meta, {
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: pkce().verifier,
    });
    assert.equal(wrong.body.error, 'invalid_grant');
  });

  it('grants the scopes asked of a resource, all of them when none is asked, for each resource it knows', async () => {
    const other = 'http://127.0.0.1:3002/mcp';
    const server = await start({ resources: [{ resource: RESOURCE, scopes: ['mcp:read', 'mcp:write'] }] });
    server.addResource({ resource: other, scopes: ['files'] });
    const meta = await metadata(server);
    const keys = createRemoteJWKSet(new URL(server.jwksUri));

    const read = await tokensFor(meta, { scope: 'mcp:read unknown:scope' });
    assert.equal(read.scope, 'mcp:read');
    const all = await tokensFor(meta);
    assert.equal(all.scope, 'mcp:read mcp:write');
    const files = await tokensFor(meta, { resource: other });
    assert.equal(files.scope, 'files');
    const verified = await jwtVerify(files.access_token ?? '', keys, { issuer: server.issuer, audience: other });
    assert.equal(verified.payload.scope, 'files');
    assert.equal(decodeProtectedHeader(files.access_token ?? '').alg, 'ES256');
    assert.throws(() => server.addResource('not a url'), TypeError);
    assert.throws(() => server.addResource({ resource: other, scopes: ['two words'] }), TypeError);
  });

  it('takes a registration that names scopes, and lets that client ask for more later', async () => {
    const server = await start({
      resources: [{ resource: RESOURCE, scopes: ['mcp', 'notes:write'] }],
      scopes: ['later'],
    });
    const meta = await metadata(server);
    for (const scope of ['mcp', 'notes:write', 'later', 'offline_access'])
      assert.ok((meta.scopes_supported as string[]).includes(scope), scope);
    // As MCP clients do: the scopes of the first challenge in the registration, more on step-up.
    const redirectUri = 'http://127.0.0.1:45679/callback';
    const clientId = await registerLoopback(meta, redirectUri, { scope: 'mcp' });
    const { verifier, challenge } = pkce();
    const back = await authorize(meta, {
      client_id: clientId,
      redirect_uri: redirectUri,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      resource: RESOURCE,
      scope: 'mcp notes:write',
    });
    const code = back.searchParams.get('code');
    assert.ok(code, `a code, not ${back.search}`);
    const exchanged = await token(meta, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: verifier,
      resource: RESOURCE,
    });
    assert.equal(exchanged.status, 200, JSON.stringify(exchanged.body));
    assert.equal(exchanged.body.scope, 'mcp notes:write');
  });

  it('takes a client id that is the URL of a Client ID Metadata Document the client hosts', async () => {
    const clientId = 'https://client.example/oauth/metadata.json';
    const requested: string[] = [];
    const documents = createServer((req, res) => {
      requested.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=60' });
      // A second document, of a web app, whose code would leave this machine.
      const web = req.url === '/web/metadata.json';
      res.end(
        JSON.stringify({
          client_id: `https://client.example${req.url}`,
          client_name: 'hosted metadata client',
          redirect_uris: [web ? 'https://client.example/callback' : 'http://127.0.0.1/callback'],
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
        }),
      );
    });
    const port = await listenOn(documents);
    after(() => new Promise((resolve) => documents.close(resolve)));
    // The document's host is reached on the local server (an HTTPS host would need certificates).
    const fetchDocument: typeof fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : input);
      assert.equal(url.origin, 'https://client.example');
      return fetch(`http://127.0.0.1:${port}${url.pathname}`, { method: init?.method, headers: init?.headers });
    };
    const server = await start({ fetch: fetchDocument });
    const meta = await metadata(server);
    const redirectUri = 'http://127.0.0.1:40002/callback';
    const { verifier, challenge } = pkce();
    const back = await authorize(meta, {
      client_id: clientId,
      redirect_uri: redirectUri,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      resource: RESOURCE,
    });
    assert.ok(back.searchParams.get('code'), back.search);
    assert.deepEqual(requested, ['/oauth/metadata.json']);
    const exchanged = await token(meta, {
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: verifier,
      resource: RESOURCE,
    });
    assert.equal(exchanged.status, 200, JSON.stringify(exchanged.body));
    const verified = await jwtVerify(exchanged.body.access_token ?? '', createRemoteJWKSet(new URL(server.jwksUri)), {
      issuer: server.issuer,
      audience: RESOURCE,
    });
    assert.equal(verified.payload.client_id, clientId);
    assert.ok(exchanged.body.refresh_token);

    const webApp = await fetch(
      authorizationUrl(meta, {
        client_id: 'https://client.example/web/metadata.json',
        redirect_uri: 'https://client.example/callback',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        resource: RESOURCE,
      }),
      { redirect: 'manual' },
    );
    assert.equal(webApp.status, 400);
    assert.match(await webApp.text(), /loopback/);

    const off = await start({ fetch: fetchDocument, clientIdMetadataDocuments: false });
    const offMeta = await metadata(off);
    assert.equal(offMeta.client_id_metadata_document_supported, undefined);
    const refused = await fetch(
      authorizationUrl(offMeta, {
        client_id: clientId,
        redirect_uri: redirectUri,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }),
      { redirect: 'manual' },
    );
    assert.equal(refused.status, 400);
  });

  it('keeps a bounded number of entries of each kind', async () => {
    const server = await start({ maxEntries: 3 });
    const meta = await metadata(server);
    const redirectUri = 'http://127.0.0.1:40003/callback';
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await registerLoopback(meta, redirectUri));
    const attempt = (clientId: string) =>
      fetch(
        authorizationUrl(meta, {
          client_id: clientId,
          redirect_uri: redirectUri,
          code_challenge: pkce().challenge,
          code_challenge_method: 'S256',
          resource: RESOURCE,
        }),
        { redirect: 'manual' },
      );
    // The two oldest registrations made room for the newest.
    assert.equal((await attempt(ids[0] ?? '')).status, 400);
    assert.equal((await attempt(ids[1] ?? '')).status, 400);
    assert.equal((await attempt(ids[4] ?? '')).status, 303);
    // Many authorizations (each a session, a grant and a code) do not evict the clients.
    for (let i = 0; i < 10; i++) assert.equal((await attempt(ids[2] ?? '')).status, 303);
    assert.equal((await attempt(ids[4] ?? '')).status, 303);
  });

  it('answers only requests addressed to its issuer', async () => {
    const server = await start();
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: server.port,
          path: '/.well-known/oauth-authorization-server',
          headers: { host: `rebound.example:${server.port}` },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject).end();
    });
    assert.equal(status, 421);
  });

  it('listens on a port it is given, and stops cleanly', async () => {
    const probe = createServer();
    const port = await listenOn(probe);
    await new Promise((resolve) => probe.close(resolve));
    const server = await startDevAuthServer({ port, resources: [RESOURCE] });
    assert.equal(server.port, port);
    await assert.rejects(startDevAuthServer({ port }), new RegExp(`port ${port} of 127\\.0\\.0\\.1 is in use`));
    assert.equal(server.issuer, `http://127.0.0.1:${port}`);
    // An open keep-alive connection does not hold the stop up.
    await fetch(`${server.issuer}/.well-known/oauth-authorization-server`);
    await within(server.close(), 5000, 'close');
    await assert.rejects(fetch(`${server.issuer}/.well-known/oauth-authorization-server`));
    await server.close();
    await assert.rejects(startDevAuthServer({ port: -1 }), RangeError);
    await assert.rejects(startDevAuthServer({ resources: ['relative/path'] }), TypeError);
    await assert.rejects(startDevAuthServer({ maxEntries: 0 }), RangeError);
  });

  it('without oidc-provider installed, starting says which package to install', async () => {
    // The published bundle, copied where no node_modules can be found above it.
    const dist = fileURLToPath(new URL('../../../dist/', import.meta.url));
    const copy = mkdtempSync(join(tmpdir(), 'mcpkit-no-oidc-'));
    after(() => rmSync(copy, { recursive: true, force: true }));
    cpSync(dist, copy, { recursive: true, filter: (source) => !source.includes(`${join(dist, 'types')}`) });
    const entry = new URL(`file://${join(copy, 'dev-auth-server.js')}`).href;
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { startDevAuthServer } = await import(${JSON.stringify(entry)});
         try { await startDevAuthServer(); } catch (error) { console.log(error.message); process.exit(7); }`,
      ],
      { cwd: copy, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    const code = await within(new Promise((resolve) => child.once('close', resolve)), 15_000, 'the child');
    assert.equal(code, 7, out);
    assert.match(out, /needs the oidc-provider package \(version 9\)/);
    assert.match(out, /npm install --save-dev oidc-provider@9/);
  });
});

async function listenOn(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}
