// `mcpkit serve`, the gateway, as the official SDKs' clients meet it: 1.32.2 (the 2025-11-25
// handshake) and 2.4.0 (2026-07-28), over stdio (the client starts `node dist/cli.js serve
// --config <file>`) and over Streamable HTTP (`serve --http --port 0`, a real socket). Behind
// it, three servers in child processes: mcpkit's feature fixture (which the host speaks
// 2026-07-28 to), the official SDK's twin of it (2025-11-25), and a server whose tool list
// changes and whose tools fail. The combined catalog, calls with progress and cancellation,
// resources, prompts, list changes, errors, and the upstream servers' requests for input
// reaching the client whose call it is.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { after, before, describe, it } from 'node:test';
import { Client } from '../../src/client/index.js';
import type { Tool } from '../../src/index.js';
import {
  CLI,
  firstText,
  fixture,
  nodeTransport,
  runCli,
  serving,
  startedCall,
  type ServingProcess,
} from '../helpers/e2e.js';
import { GREETING, LOGO, noteText, PROFILE_FORM, reviewMessages } from '../helpers/interop-features-data.js';
import { fillProfile, parsed } from '../helpers/interop-features.js';
import { abortOf } from '../helpers/interop-v2.js';
import { codeOf, V1Driver, V2Driver, type SdkDriver } from '../helpers/sdk-drivers.js';

const node = process.execPath;

/** The gateway's configuration: three servers, one of them with tools left out and one refused. */
function writeConfig(dir: string): string {
  const file = join(dir, 'gateway.json');
  const config = {
    mcpServers: {
      feat: { command: node, args: [fixture('interop-features-mcpkit-server')] },
      sdk: {
        command: node,
        args: [fixture('interop-features-sdk-server')],
        tools: { deny: ['log', 'roots-seen'] },
        consent: { roots: 'deny' },
      },
      chg: { command: node, args: [fixture('gateway-upstream-server')] },
    },
  };
  writeFileSync(file, JSON.stringify(config));
  return file;
}

/** The members of a tool a client is told, but for its name. */
const definition = (tool: Record<string, unknown>) => {
  const { name: _name, ...rest } = tool;
  return rest;
};

describe('the gateway', { timeout: 240_000 }, () => {
  let dir: string;
  let config: string;
  let direct: Tool;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mcpkit-gateway-'));
    config = writeConfig(dir);
    // The tool as its own server describes it, for comparison.
    const session = await new Client({ name: 'direct', version: '1' }).connect(
      nodeTransport(fixture('interop-features-mcpkit-server')),
      { eraCache: false },
    );
    direct = (await session.listTools()).tools.find((t) => t.name === 'forecast')!;
    await session.close();
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const setups = [
    { make: () => new V1Driver(), transport: 'stdio' },
    { make: () => new V1Driver(), transport: 'Streamable HTTP' },
    { make: () => new V2Driver(), transport: 'stdio' },
    { make: () => new V2Driver(), transport: 'Streamable HTTP' },
  ] as const;

  for (const setup of setups) {
    const client: SdkDriver = setup.make();
    describe(`driven by ${client.name} over ${setup.transport}`, () => {
      let http: ServingProcess | undefined;
      before(async () => {
        const env = { MCPKIT_CACHE_DIR: join(dir, `cache-${client.revision}-${setup.transport}`) };
        if (setup.transport === 'stdio') {
          await client.connect({ kind: 'stdio', command: node, args: [CLI, 'serve', '--config', config], env });
        } else {
          http = await serving(CLI, ['serve', '--config', config, '--http', '--port', '0'], env);
          await client.connect({ kind: 'http', url: http.url });
        }
      });
      after(async () => {
        await client.close();
        await http?.close();
        if (/Error|failed/.test(client.stderr())) console.error(`gateway stderr:\n${client.stderr()}`);
      });

      it(`speaks ${client.revision} as mcpkit-gateway`, () => {
        assert.equal(client.protocolVersion(), client.revision);
        assert.equal(client.serverInfo()?.name, 'mcpkit-gateway');
      });

      it('offers every server’s tools by catalog name, with their schemas unchanged, under the allow and deny lists', async () => {
        const tools = await client.listTools();
        const names = tools.map((t) => t.name);
        for (const name of ['feat__forecast', 'feat__slow', 'sdk__forecast', 'sdk__roots', 'chg__grow', 'chg__refuse'])
          assert.ok(names.includes(name), `${name} in ${names.join(' ')}`);
        assert.ok(names.includes('feat__log'));
        assert.ok(!names.includes('sdk__log') && !names.includes('sdk__roots-seen'), 'denied tools are not offered');
        const forecast = tools.find((t) => t.name === 'feat__forecast')!;
        assert.deepEqual(definition(forecast), definition(direct as unknown as Record<string, unknown>));
        // The SDK's client checks structured content against the output schema it was given.
        const result = await client.callTool('feat__forecast', { city: 'Lisbon' });
        assert.deepEqual(result.structuredContent, { city: 'Lisbon', celsius: 16, conditions: 'sunny' });
      });

      it('forwards a call, relaying the upstream server’s progress before the result', async () => {
        const updates: unknown[] = [];
        const result = await client.callTool('feat__progress', { n: 3 }, { onprogress: (p) => updates.push(p) });
        assert.equal(firstText(result), 'reported 3 steps');
        const answer = client.wire.findIndex((m) => JSON.stringify(m.result ?? {}).includes('reported 3 steps'));
        const sent = client.wire.slice(0, answer).filter((m) => m.method === 'notifications/progress');
        assert.deepEqual(
          sent.map(({ params }) => [params?.progress, params?.total, params?.message]),
          [1, 2, 3].map((i) => [i, 3, `step ${i} of 3`]),
        );
      });

      it('forwards a cancellation: the upstream server’s handler is aborted', async () => {
        const tag = `${client.revision} ${setup.transport}`;
        const controller = new AbortController();
        const { call } = await startedCall(
          (onprogress) => client.callTool('feat__slow', { tag }, { signal: controller.signal, onprogress }),
          15_000,
          'the slow tool to start',
        );
        controller.abort('the user gave up');
        await assert.rejects(call);
        const reason = await abortOf(tag, async () => firstText(await client.callTool('feat__aborts', {})));
        assert.match(reason, /^Request cancelled by the peer/);
      });

      it('lists and reads resources and templates, routed to the server that offers them', async () => {
        const uris = (await client.listResources()).map((r) => r.uri);
        assert.ok(uris.includes(GREETING.uri) && uris.includes(LOGO.uri), uris.join(' '));
        assert.equal(new Set(uris).size, uris.length, 'a URI two servers offer is listed once');
        const templates = (await client.listResourceTemplates()).map((t) => t.uriTemplate);
        assert.deepEqual(templates, ['memo://notes/{topic}', 'memo://files/{folder}/{name}']);
        assert.equal((await client.readResource(GREETING.uri)).contents[0]?.text, GREETING.text);
        assert.equal((await client.readResource(LOGO.uri)).contents[0]?.blob, LOGO.base64);
        assert.equal((await client.readResource('memo://notes/alpha')).contents[0]?.text, noteText('alpha'));
      });

      it('lists prompts by catalog name and gets them', async () => {
        const names = (await client.listPrompts()).map((p) => p.name);
        assert.deepEqual(names.sort(), ['feat__greet', 'feat__review', 'sdk__greet', 'sdk__review']);
        const review = await client.getPrompt('sdk__review', { language: 'rust', style: 'clippy' });
        assert.deepEqual(review.messages, reviewMessages('rust', 'clippy'));
      });

      it('announces an upstream server’s list change, and lists the new tool', async () => {
        await client.listenForToolChanges();
        const changed = client.toolsChanged();
        const name = `fresh${client.revision.replaceAll('-', '')}`;
        assert.equal(firstText(await client.callTool('chg__grow', { name })), `grew ${name}`);
        await changed;
        assert.ok((await client.listTools()).some((t) => t.name === `chg__${name}`));
        assert.equal(firstText(await client.callTool(`chg__${name}`, {})), `I am ${name}`);
      });

      it('passes upstream failures through: a failed tool is a result, a JSON-RPC error keeps its code', async () => {
        const failed = await client.callTool('chg__fail', {});
        assert.equal(failed.isError, true);
        assert.equal(firstText(failed), 'the tool failed on purpose');
        await assert.rejects(client.callTool('chg__refuse', {}), (error: unknown) => {
          assert.equal(codeOf(error), -32050);
          assert.match(String(error), /refused on purpose/);
          assert.deepEqual((error as { data?: unknown }).data, { why: 'a test' });
          return true;
        });
        await assert.rejects(client.callTool('feat__needs-login', {}), (error: unknown) => codeOf(error) === -32042);
        await assert.rejects(client.callTool('nowhere__tool', {}), (error: unknown) => codeOf(error) === -32602);
        // The configuration's consent rule refuses the call; the model reads why.
        const refused = await client.callTool('sdk__roots', {});
        assert.equal(refused.isError, true);
        assert.match(firstText(refused), /does not allow calls of this tool/);
      });

      it('hands the upstream servers’ elicitation and sampling to the client of the call, in both eras', async () => {
        const asked = client.elicited.length;
        assert.deepEqual(parsed(await client.callTool('feat__elicit-form', {})), fillProfile(''));
        assert.deepEqual(parsed(await client.callTool('sdk__elicit-form', {})), fillProfile(''));
        assert.equal(client.elicited.length, asked + 2);
        assert.equal((client.elicited.at(-1) as { message: string }).message, PROFILE_FORM.message);
        const sample = parsed(await client.callTool('feat__sample', { prompt: 'Hi there' })) as { content: unknown };
        assert.deepEqual(sample.content, { type: 'text', text: 'You said: Hi there' });
        const fromSdk = parsed(await client.callTool('sdk__sample', { prompt: 'Hello' })) as { content: unknown };
        assert.deepEqual(fromSdk.content, { type: 'text', text: 'You said: Hello' });
      });
    });
  }

  it('refuses a configuration it cannot use, naming what is wrong and where', async () => {
    const bad = (name: string, text: string) => {
      const file = join(dir, name);
      writeFileSync(file, text);
      return file;
    };
    const cases: [string[], RegExp][] = [
      [['serve'], /--config <file> \(or MCPKIT_CONFIG\) is required/],
      [['serve', '--config', join(dir, 'missing.json')], /missing\.json: cannot be read: no such file/],
      [['serve', '--config', bad('broken.json', '{"mcpServers": ')], /broken\.json:\d+:\d+: not valid JSON/],
      [['serve', '--config', bad('empty.json', '{}')], /empty\.json: has neither "mcpServers" nor "servers"/],
      [
        ['serve', '--config', bad('nourl.json', '{"mcpServers": {"web": {"type": "http"}}}')],
        /nourl\.json: server "web": needs "command" \(a server to run\) or "url"/,
      ],
      [['serve', '--config', config, '--port', '1'], /--port goes with --http/],
    ];
    for (const [args, message] of cases) {
      const result = await runCli(args);
      assert.equal(result.code, 2, `${args.join(' ')}: ${result.stderr}`);
      assert.match(result.stderr, message);
    }
  });
});
