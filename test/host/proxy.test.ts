// `mcpkit proxy`, both ways, driven by the official SDKs' clients 1.32.2 (2025-11-25) and 2.4.0
// (2026-07-28), with the official SDK's servers behind it:
//   - a remote server as a local stdio server: the SDK's Streamable HTTP server (and its HTTP+SSE
//     one) on 127.0.0.1 in this process, the proxy started by the client (`node dist/cli.js proxy
//     <url>`); and a server that asks for authorization, which the proxy logs in to;
//   - a stdio server over HTTP: `proxy --http --port 0 -- node <the SDK's stdio server>`, reached
//     over Streamable HTTP by both clients and over HTTP+SSE by the 1.x one.
// Identity, lists, calls with progress and cancellation, elicitation, list changes, errors, and
// a session the server ended, opened again.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { after, before, describe, it } from 'node:test';
import { CLI, firstText, fixture, serving, startedCall, within, type ServingProcess } from '../helpers/e2e.js';
import { startSdkHttpServer, type SdkHttpServer } from '../helpers/http-client-sdk-server.js';
import { GREETING, noteText, PROFILE_FORM, reviewMessages } from '../helpers/interop-features-data.js';
import { fillProfile, parsed, TOOL_NAMES } from '../helpers/interop-features.js';
import { abortOf } from '../helpers/interop-v2.js';
import { codeOf, V1Driver, V2Driver, type Reach, type SdkDriver } from '../helpers/sdk-drivers.js';

const node = process.execPath;

/**
 * Calls `progress` ({n}) and checks the progress reached the client before the result; then
 * starts `slow` ({tag}), cancels it once it reported progress, and waits for `aborted` to say the
 * server saw the cancellation.
 */
async function assertProgressAndCancellation(
  client: SdkDriver,
  n: number,
  tag: string,
  aborted: () => Promise<unknown>,
): Promise<void> {
  const from = client.wire.length;
  await client.callTool('progress', { n }, { onprogress: () => {} });
  const wire = client.wire.slice(from);
  const answer = wire.findIndex((m) => JSON.stringify(m.result ?? {}).includes(`reported ${n}`));
  assert.ok(answer > 0, 'the result arrived, after the progress');
  const sent = wire.slice(0, answer).filter((m) => m.method === 'notifications/progress');
  assert.deepEqual(
    sent.map((m) => m.params?.progress),
    Array.from({ length: n }, (_, i) => i + 1),
  );
  const controller = new AbortController();
  const { call } = await startedCall(
    (onprogress) => client.callTool('slow', { tag }, { signal: controller.signal, onprogress }),
    15_000,
    'the slow tool to start',
  );
  controller.abort('the user gave up');
  await assert.rejects(call);
  await within(aborted(), 15_000, 'the server to see the cancellation');
}

describe('mcpkit proxy', { timeout: 240_000 }, () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'mcpkit-proxy-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  const cacheDir = (name: string) => ({ MCPKIT_CACHE_DIR: join(dir, name.replace(/\W+/g, '-')) });

  for (const make of [() => new V1Driver(), () => new V2Driver()]) {
    const client: SdkDriver = make();
    describe(`a remote server as a local stdio server, driven by ${client.name}`, () => {
      let upstream: SdkHttpServer;
      before(async () => {
        upstream = await startSdkHttpServer();
        const env = cacheDir(`remote ${client.name}`);
        await client.connect({ kind: 'stdio', command: node, args: [CLI, 'proxy', `${upstream.origin}/mcp`], env });
      });
      after(async () => {
        await client.close();
        await upstream?.close();
        if (/Error|failed/.test(client.stderr())) console.error(`proxy stderr:\n${client.stderr()}`);
      });

      it('offers the server as it is: its identity and its tools by their own names', async () => {
        assert.equal(client.protocolVersion(), client.revision);
        assert.deepEqual(client.serverInfo(), { name: 'sdk-http-fixture', version: '1.0.0' });
        const names = (await client.listTools()).map((t) => t.name);
        assert.deepEqual(names.sort(), ['ask', 'echo', 'gated', 'progress', 'roots', 'slow']);
        assert.equal(firstText(await client.callTool('echo', { text: 'through the proxy' })), 'through the proxy');
      });

      it('relays progress before the result, and cancellation to the server', () =>
        assertProgressAndCancellation(client, 3, `remote ${client.name}`, () =>
          upstream.aborted(`remote ${client.name}`),
        ));

      it('hands the server’s elicitation to the client', async () => {
        assert.deepEqual(parsed(await client.callTool('ask', {})), fillProfile(''));
        assert.equal((client.elicited.at(-1) as { message: string }).message, PROFILE_FORM.message);
      });

      it('announces the server’s list change', async () => {
        await client.listenForToolChanges();
        const changed = client.toolsChanged();
        await upstream.announceToolsChanged();
        await changed;
      });

      it('opens the session again when the server ended it', async () => {
        await upstream.endSessions();
        assert.equal(firstText(await client.callTool('echo', { text: 'again' })), 'again');
        assert.equal(upstream.sessions().length, 1);
      });
    });
  }

  it('falls back to HTTP+SSE for a server that only speaks it', async () => {
    const upstream = await startSdkHttpServer();
    const client = new V1Driver();
    try {
      const env = cacheDir('sse');
      await client.connect({ kind: 'stdio', command: node, args: [CLI, 'proxy', `${upstream.origin}/sse`], env });
      assert.equal(firstText(await client.callTool('echo', { text: 'over SSE' })), 'over SSE');
      assert.ok(upstream.requests.some((r) => r.method === 'GET' && r.path === '/sse'));
    } finally {
      await client.close();
      await upstream.close();
    }
  });

  describe('a server that asks for authorization', () => {
    let example: ServingProcess;
    before(async () => {
      example = await serving(CLI, ['example-server', '--http', '--port', '0', '--auth']);
    });
    after(() => example?.close());

    it('is logged in to through the browser, its tokens kept for the next proxy', async () => {
      const env = {
        ...cacheDir('auth'),
        BROWSER: `"${node}" "${fixture('fake-browser')}"`,
        FAKE_BROWSER_LOG: join(dir, 'browser.log'),
      };
      for (const run of [1, 2]) {
        const client = new V1Driver();
        try {
          await client.connect({ kind: 'stdio', command: node, args: [CLI, 'proxy', example.url], env });
          assert.ok((await client.listTools()).some((t) => t.name === 'weather'));
        } finally {
          await client.close();
        }
        const visits = existsSync(env.FAKE_BROWSER_LOG)
          ? readFileSync(env.FAKE_BROWSER_LOG, 'utf8').split('\n').filter(Boolean)
          : [];
        assert.equal(visits.length, 1, `run ${run}: one login, in the first run only`);
      }
    });
  });

  const httpSetups: { make: () => SdkDriver; reach: (url: string) => Reach; via: string }[] = [
    { make: () => new V1Driver(), reach: (url) => ({ kind: 'http', url }), via: 'Streamable HTTP' },
    { make: () => new V1Driver(), reach: (url) => ({ kind: 'sse', url: new URL('/sse', url).href }), via: 'HTTP+SSE' },
    { make: () => new V2Driver(), reach: (url) => ({ kind: 'http', url }), via: 'Streamable HTTP' },
  ];
  for (const setup of httpSetups) {
    const client = setup.make();
    describe(`a stdio server over HTTP, driven by ${client.name} over ${setup.via}`, () => {
      let proxy: ServingProcess;
      before(async () => {
        const env = cacheDir(`http ${client.name} ${setup.via}`);
        const command = [node, fixture('interop-features-sdk-server')];
        proxy = await serving(CLI, ['proxy', '--http', '--port', '0', '--', ...command], env);
        await client.connect(setup.reach(proxy.url));
      });
      after(async () => {
        await client.close();
        await proxy?.close();
      });

      it('offers the server as it is: identity, instructions, tools, resources and prompts', async () => {
        assert.equal(client.protocolVersion(), client.revision);
        assert.deepEqual(client.serverInfo(), { name: 'features-sdk', version: '1.0.0' });
        assert.equal(client.instructions(), 'Every feature, served by the official SDK.');
        assert.deepEqual((await client.listTools()).map((t) => t.name).sort(), [...TOOL_NAMES].sort());
        assert.equal((await client.readResource(GREETING.uri)).contents[0]?.text, GREETING.text);
        assert.equal((await client.readResource('memo://notes/beta')).contents[0]?.text, noteText('beta'));
        const review = await client.getPrompt('review', { language: 'python' });
        assert.deepEqual(review.messages, reviewMessages('python', undefined));
      });

      it('relays progress before the result, and cancellation to the server', () => {
        const tag = `http ${client.name} ${setup.via}`;
        return assertProgressAndCancellation(client, 2, tag, () =>
          abortOf(tag, async () => firstText(await client.callTool('aborts', {}))),
        );
      });

      it('hands the server’s elicitation and sampling to the client, and passes its errors through', async () => {
        assert.deepEqual(parsed(await client.callTool('elicit-form', {})), fillProfile(''));
        const sample = parsed(await client.callTool('sample', { prompt: 'Hi' })) as { content: unknown };
        assert.deepEqual(sample.content, { type: 'text', text: 'You said: Hi' });
        await assert.rejects(client.callTool('needs-login', {}), (error: unknown) => codeOf(error) === -32042);
        const invalid = await client.callTool('forecast', { city: 42 });
        assert.equal(invalid.isError, true);
      });
    });
  }
});
