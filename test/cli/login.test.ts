// The command line and a server that asks for authorization, as a person meets them: the
// published CLI (dist/cli.js) runs `example-server --http --auth` (a development authorization
// server in front), and `list`, `call`, `login` and `logout` in processes of their own log in
// through a browser (a script standing in for one, named by BROWSER), keep what they got in
// MCPKIT_CACHE_DIR, and use it again in later runs without the browser.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DIST_CLI, fixture, runCli, serving, type CliResult, type ServingProcess } from '../helpers/e2e.js';

/** `mcpkit example-server --http --auth` on free ports. */
const startExample = () => serving(DIST_CLI, ['example-server', '--http', '--port', '0', '--auth']);

describe('mcpkit logging in to a server that asks for authorization', { timeout: 180_000 }, () => {
  let example: ServingProcess;
  let temp: string;
  let cacheDir: string;
  let browserLog: string;
  const outputs: CliResult[] = [];
  const browser = `"${process.execPath}" "${fixture('fake-browser')}"`;

  /** Runs the published CLI with the shared cache and the fake browser. */
  async function cli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
    const result = await runCli(
      args,
      30_000,
      { MCPKIT_CACHE_DIR: cacheDir, BROWSER: browser, FAKE_BROWSER_LOG: browserLog, ...env },
      DIST_CLI,
    );
    outputs.push(result);
    return result;
  }
  /** The URLs the browser was sent to so far. */
  const visits = (): URL[] =>
    existsSync(browserLog)
      ? readFileSync(browserLog, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => new URL(line))
      : [];
  /** The files kept for servers, with what they hold. */
  const kept = (): { file: string; key: string; value: Record<string, unknown> }[] => {
    const root = join(cacheDir, 'auth');
    if (!existsSync(root)) return [];
    return readdirSync(root).flatMap((dir) =>
      readdirSync(join(root, dir)).map((name) => {
        const file = join(root, dir, name);
        const { key, value } = JSON.parse(readFileSync(file, 'utf8')) as {
          key: string;
          value: Record<string, unknown>;
        };
        return { file, key, value };
      }),
    );
  };
  /** Every token and secret kept so far, and every one seen before: none may ever be printed. */
  const secrets = new Set<string>();
  const collectSecrets = () => {
    for (const { value } of kept())
      for (const name of ['accessToken', 'refreshToken', 'clientSecret'])
        if (typeof value[name] === 'string') secrets.add(value[name]);
  };

  before(async () => {
    example = await startExample();
    temp = mkdtempSync(join(tmpdir(), 'mcpkit-login-'));
    cacheDir = join(temp, 'cache');
    browserLog = join(temp, 'browser.log');
  });
  after(async () => {
    await example?.close();
    rmSync(temp, { recursive: true, force: true });
  });

  it('the example server with --auth answers 401 with a challenge, and serves its metadata', async () => {
    const answer = await fetch(example.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    assert.equal(answer.status, 401);
    const metadataUrl = new URL('/.well-known/oauth-protected-resource/mcp', example.url).href;
    assert.equal(answer.headers.get('www-authenticate'), `Bearer resource_metadata="${metadataUrl}", scope="mcp"`);
    const metadata = (await (await fetch(metadataUrl)).json()) as Record<string, unknown>;
    assert.equal(metadata.resource, example.url);
    const [issuer] = metadata.authorization_servers as string[];
    assert.match(issuer ?? '', /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.deepEqual(metadata.scopes_supported, ['mcp', 'notes:write']);
    const as = (await (await fetch(`${issuer}/.well-known/oauth-authorization-server`)).json()) as {
      issuer: string;
    };
    assert.equal(as.issuer, issuer);
    // The HTTP+SSE endpoint is the same protected resource.
    const sse = await fetch(new URL('/sse', example.url));
    await sse.body?.cancel();
    assert.equal(sse.status, 401);
  });

  it('refuses with status 4 under --no-input, opening no browser', async () => {
    const r = await cli(['list', '--no-input', example.url]);
    assert.equal(r.code, 4, r.stderr);
    assert.match(r.stderr, /asks you to log in at http:\/\/127\.0\.0\.1:\d+, and --no-input forbids a login here/);
    assert.match(r.stderr, /`mcpkit login http:\/\/127\.0\.0\.1:\d+\/mcp` logs in/);
    assert.equal(visits().length, 0);
  });

  it('refuses with status 4 when there is no browser and no terminal', async () => {
    const r = await cli(['list', example.url], { BROWSER: '', DISPLAY: '', WAYLAND_DISPLAY: '' });
    assert.equal(r.code, 4, r.stderr);
    assert.match(r.stderr, /there is no browser to open \(BROWSER is not set\) nor a terminal to ask in/);
  });

  it('logs in through the browser on a 401 and lists the tools, keeping what it got in 0600 files', async () => {
    const r = await cli(['list', example.url]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^mcpkit example server 0\.1\.0 \(protocol 2026-07-28\)\n/);
    assert.match(r.stdout, /\n {2}echo\(text: string\) +Echoes the given text back\.\n/);
    assert.match(r.stderr, /asks you to log in at http:\/\/127\.0\.0\.1:\d+ \(for scope mcp offline_access\)\.\n/);
    assert.match(r.stderr, /The browser came back; the tokens will be kept in .* for later commands\.\n/);
    const [visit] = visits();
    assert.equal(visits().length, 1);
    assert.equal(visit?.searchParams.get('resource'), example.url);
    assert.match(visit?.searchParams.get('redirect_uri') ?? '', /^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const files = kept();
    assert.ok(files.some(({ key }) => key.startsWith('mcpkit/oauth/tokens')));
    assert.ok(files.some(({ key }) => key.startsWith('mcpkit/oauth/registration')));
    for (const { file } of files) assert.equal(statSync(file).mode & 0o777, 0o600, file);
    for (const dir of [
      join(cacheDir, 'auth'),
      ...readdirSync(join(cacheDir, 'auth')).map((d) => join(cacheDir, 'auth', d)),
    ])
      assert.equal(statSync(dir).mode & 0o777, 0o700, dir);
    collectSecrets();
  });

  it('uses the kept tokens in a new process, without the browser', async () => {
    const r = await cli(['call', example.url, 'echo', '{"text":"no browser"}']);
    assert.deepEqual([r.code, r.stdout, r.stderr], [0, 'no browser\n', '']);
    assert.equal(visits().length, 1);
  });

  it('refreshes kept tokens that have expired, in a new process, without the browser', async () => {
    // An hour later, as far as the kept tokens can tell.
    const [kept0] = kept().filter(({ key }) => key.startsWith('mcpkit/oauth/tokens'));
    assert.ok(kept0, 'tokens were kept');
    const { file, key, value } = kept0;
    const past = { ...value, expiresAt: Date.now() - 1_000 };
    writeFileSync(file, JSON.stringify({ key, value: past }), { mode: 0o600 });
    const r = await cli(['call', example.url, 'echo', '{"text":"refreshed"}']);
    assert.deepEqual([r.code, r.stdout, r.stderr], [0, 'refreshed\n', '']);
    assert.equal(visits().length, 1);
    const [after] = kept().filter((entry) => entry.key === key);
    assert.notEqual(after?.value.accessToken, value.accessToken, 'a new access token');
    assert.notEqual(after?.value.refreshToken, value.refreshToken, 'the refresh token rotated');
    assert.ok(Number(after?.value.expiresAt) > Date.now());
    collectSecrets();
  });

  it('asks for more scope when a tool needs it, as the same registered client', async () => {
    const r = await cli(['call', example.url, 'note', '{"text":"noted"}']);
    assert.deepEqual([r.code, r.stdout], [0, 'Noted.\n'], r.stderr);
    assert.match(r.stderr, /\(for scope mcp offline_access notes:write\)\.\n/);
    const [first, second] = visits();
    assert.equal(visits().length, 2);
    // The redirect port of the first run was free again: its registration served.
    assert.equal(second?.searchParams.get('redirect_uri'), first?.searchParams.get('redirect_uri'));
    assert.equal(second?.searchParams.get('client_id'), first?.searchParams.get('client_id'));
    collectSecrets();
    const again = await cli(['call', example.url, 'note', '{"text":"again"}']);
    assert.deepEqual([again.code, again.stdout, visits().length], [0, 'Noted.\n', 2], again.stderr);
  });

  it('registers again when the port of the last redirect URI is taken', async () => {
    const [first] = visits();
    const port = Number(new URL(first?.searchParams.get('redirect_uri') ?? '').port);
    const squatter: Server = createServer();
    await new Promise<void>((resolve, reject) => {
      squatter.once('error', reject);
      squatter.listen(port, '127.0.0.1', () => resolve());
    });
    try {
      const r = await cli(['login', example.url]);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stderr, /Logged in to http:\/\/127\.0\.0\.1:\d+\/mcp at http:\/\/127\.0\.0\.1:\d+\./);
    } finally {
      await new Promise<void>((resolve) => squatter.close(() => resolve()));
    }
    const last = visits().at(-1);
    assert.equal(visits().length, 3);
    assert.notEqual(last?.searchParams.get('redirect_uri'), first?.searchParams.get('redirect_uri'));
    assert.notEqual(last?.searchParams.get('client_id'), first?.searchParams.get('client_id'));
    collectSecrets();
    const r = await cli(['read', example.url, 'memo://notes']);
    assert.deepEqual([r.code, r.stdout, visits().length], [0, 'again\n', 3], r.stderr);
  });

  it('logout forgets the server: the next command needs a login again', async () => {
    const r = await cli(['logout', example.url]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      r.stderr,
      /^Forgot what was kept for http:\/\/127\.0\.0\.1:\d+\/mcp: tokens, client registration, authorization server record and redirect port \(removed .*\)\./,
    );
    assert.deepEqual(kept(), []);
    const nothing = await cli(['logout', example.url]);
    assert.match(nothing.stderr, /^Nothing was kept for /);
    const refused = await cli(['list', '--no-input', example.url]);
    assert.equal(refused.code, 4, refused.stderr);
  });

  it('logs in as a client registered beforehand: --client-id, the secret from $MCPKIT_CLIENT_SECRET', async () => {
    const metadataUrl = new URL('/.well-known/oauth-protected-resource/mcp', example.url).href;
    const [issuer] = ((await (await fetch(metadataUrl)).json()) as { authorization_servers: string[] })
      .authorization_servers;
    const as = (await (await fetch(`${issuer}/.well-known/oauth-authorization-server`)).json()) as {
      registration_endpoint: string;
    };
    // Registered by hand, as an administrator would: a confidential client with a loopback redirect.
    const registered = await fetch(as.registration_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'registered beforehand',
        redirect_uris: ['http://127.0.0.1:9/callback'],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      }),
    });
    const client = (await registered.json()) as { client_id: string; client_secret: string };
    assert.equal(registered.status, 201, JSON.stringify(client));
    secrets.add(client.client_secret);
    const before = visits().length;
    // `=`: an issued id may start with a dash, which a separate argument would read as an option.
    const r = await cli(['login', `--client-id=${client.client_id}`, example.url], {
      MCPKIT_CLIENT_SECRET: client.client_secret,
    });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(visits().length, before + 1);
    assert.equal(visits().at(-1)?.searchParams.get('client_id'), client.client_id);
    const tokens = kept().filter(({ key }) => key.startsWith('mcpkit/oauth/tokens'));
    assert.deepEqual(
      tokens.map(({ value }) => value.clientId),
      [client.client_id],
      "the tokens are the given client's",
    );
    const call = await cli(['call', '--client-id', client.client_id, example.url, 'echo', '{"text":"as given"}'], {
      MCPKIT_CLIENT_SECRET: client.client_secret,
    });
    assert.deepEqual([call.code, call.stdout], [0, 'as given\n'], call.stderr);
    assert.equal(visits().length, before + 1, 'the kept tokens serve the call');
    collectSecrets();
  });

  it('logs in to a server of a configuration, and keeps its tokens for the next run', async () => {
    assert.equal((await cli(['logout', example.url])).code, 0);
    const config = join(temp, 'mcp.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { guarded: { url: example.url } } }));
    const before = visits().length;
    const first = await cli(['call', '--config', config, 'guarded__add', 'a=2', 'b=2']);
    assert.deepEqual([first.code, first.stdout], [0, '4\n'], first.stderr);
    assert.equal(visits().length, before + 1, 'one login in the browser');
    const second = await cli(['call', '--config', config, 'guarded__echo', 'text=again']);
    assert.deepEqual([second.code, second.stdout], [0, 'again\n'], second.stderr);
    assert.equal(visits().length, before + 1, 'the kept tokens serve the next run');
    const refused = await cli(['logout', example.url]).then(() =>
      cli(['call', '--config', config, '--no-input', 'guarded__add', 'a=1', 'b=1']),
    );
    assert.equal(refused.code, 4, refused.stderr);
    collectSecrets();
  });

  it('never prints a token, a secret or a code', () => {
    assert.ok(secrets.size >= 2, 'tokens were kept');
    for (const { stdout, stderr } of outputs) {
      for (const secret of secrets) {
        assert.ok(!stdout.includes(secret) && !stderr.includes(secret), 'a kept token or secret was printed');
      }
      assert.doesNotMatch(stdout + stderr, /[?&]code=/);
    }
  });
});
