// The host with real servers: the official reference servers (everything, memory) and
// mcpkit's example server over stdio, the example server over HTTP, and servers that crash.
// The catalog, routing, names, consent, restart and isolation, through the public API.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import process from 'node:process';
import { after, before, describe, it } from 'node:test';
import {
  ConsentDeniedError,
  Host,
  MODEL_TOOL_NAME,
  NotInCatalogError,
  readConfig,
  type ConsentRequest,
  type EntrySettings,
  type StdioEntry,
  type ServerStatus,
} from '../../src/host/index.js';
import { CLI, fixture, serving, within, type ServingProcess } from '../helpers/e2e.js';

const require = createRequire(import.meta.url);
const EVERYTHING = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
const MEMORY = require.resolve('@modelcontextprotocol/server-memory/dist/index.js');

/** The e2e fixture servers running as children of this process. */
function childServers(): string[] {
  const ps = spawnSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  return ps.stdout
    .split('\n')
    .filter((line) => line.includes('e2e-server'))
    .map((line) => line.trim());
}

const node = (script: string, ...args: string[]): StdioEntry & EntrySettings => ({
  type: 'stdio',
  command: process.execPath,
  args: [script, ...args],
});

describe('Host', () => {
  let dir: string;
  let http: ServingProcess;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mcpkit-host-'));
    http = await serving(CLI, ['example-server', '--http', '--port', '0']);
  });
  after(async () => {
    await http?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps one catalog of every server of an mcpServers file, routes calls, and closes every session', async () => {
    const statuses: ServerStatus[] = [];
    const file = join(dir, '.mcp.json');
    writeFileSync(
      file,
      JSON.stringify({
        mcpServers: {
          everything: { command: process.execPath, args: [EVERYTHING, 'stdio'], trusted: true },
          memory: {
            command: process.execPath,
            args: [MEMORY],
            env: { MEMORY_FILE_PATH: '${MEMORY_DIR}/memory.jsonl' },
          },
          example: { type: 'http', url: http.url },
          crashy: { command: process.execPath, args: [fixture('e2e-server')] },
          off: { command: process.execPath, args: [EVERYTHING, 'stdio'], disabled: true },
        },
      }),
    );
    const { servers } = await readConfig(file, { env: { ...process.env, MEMORY_DIR: dir } });
    const host = new Host({
      servers,
      consent: () => 'allow',
      onStatus: (status) => statuses.push(status),
      eraCache: false,
    });
    try {
      const tools = await within(host.tools(), 30_000, 'the catalog');
      const names = tools.map((t) => t.name);
      assert.ok(names.includes('everything__echo'), names.join(' '));
      assert.ok(names.includes('memory__create_entities'));
      assert.ok(names.includes('example__weather'));
      assert.ok(!names.some((n) => n.startsWith('off__')), 'a disabled server is not listed');
      for (const name of names) assert.match(name, MODEL_TOOL_NAME);

      const echoed = await host.callTool('everything__echo', { message: 'hi' });
      assert.match(JSON.stringify(echoed.content), /hi/);
      const added = await host.callTool('example__add', { a: 2, b: 3 });
      assert.deepEqual(added.content, [{ type: 'text', text: '5' }]);
      await host.callTool('memory__create_entities', {
        entities: [{ name: 'Ada', entityType: 'person', observations: ['wrote the first program'] }],
      });
      const graph = await host.callTool('memory__read_graph', {});
      assert.match(JSON.stringify(graph), /first program/);

      // Resources go to the server that lists them; prompts are named like tools.
      const notes = await host.readResource('memo://notes');
      assert.equal((notes.contents[0] as { text: string }).text, 'Nothing noted yet.');
      const prompts = await host.prompts();
      assert.ok(prompts.some((p) => p.name === 'example__review_code'));
      const review = await host.getPrompt('example__review_code', { code: 'let x = 1' });
      assert.match(JSON.stringify(review.messages), /let x = 1/);
      // A URI that no server lists goes to the server whose template it fits.
      const templates = await host.resourceTemplates();
      const greeting = templates.find((t) => t.server === 'example' && t.template.name === 'greeting');
      assert.ok(greeting, JSON.stringify(templates.map((t) => t.template.uriTemplate)));
      const hello = await host.readResource('greeting://Ada');
      assert.equal((hello.contents[0] as { text: string }).text, 'Hello, Ada!');

      // A server that crashes takes nothing of the others with it.
      await assert.rejects(host.callTool('crashy__crash', { code: 9 }));
      assert.deepEqual((await host.callTool('everything__echo', { message: 'still' })).isError, undefined);
      const up = host.servers.filter((s) => s.state === 'ready').map((s) => s.name);
      assert.deepEqual(up.sort(), ['everything', 'example', 'memory']);
      assert.equal(host.servers.find((s) => s.name === 'off')?.state, 'disabled');
      await assert.rejects(host.callTool('nothing__here'), NotInCatalogError);
    } finally {
      await host.close();
    }
    assert.ok(host.servers.every((s) => s.state === 'closed' || s.state === 'disabled'));
    assert.ok(statuses.some((s) => s.name === 'everything' && s.state === 'starting'));
  });

  it("answers the servers' requests: forms to the application's hook, roots from the workspace or the entry", async () => {
    const forms: [string, string][] = [];
    const host = new Host({
      servers: {
        example: node(CLI, 'example-server'),
        second: { ...node(CLI, 'example-server'), roots: [join(dir, 'second')] },
      },
      consent: () => 'allow',
      elicitation: {
        form: (server, params) => {
          forms.push([server, params.message]);
          return { action: 'accept', content: { name: `Ada of ${server}` } };
        },
      },
      roots: [dir],
      eraCache: false,
    });
    try {
      const hello = await host.callTool('example__ask_name');
      assert.deepEqual(hello.content, [{ type: 'text', text: 'Hello, Ada of example!' }]);
      assert.deepEqual(forms, [['example', 'What is your name?']]);
      const roots = await host.callTool('example__roots');
      assert.deepEqual(roots.content, [{ type: 'text', text: pathToFileURL(dir).href }]);
      // A server's own roots replace the host's.
      const own = await host.callTool('second__roots');
      assert.deepEqual(own.content, [{ type: 'text', text: pathToFileURL(join(dir, 'second')).href }]);
    } finally {
      await host.close();
    }
  });

  it('starts a lazy server only when one of its tools is called, an eager one with the host', async () => {
    const host = new Host({
      servers: {
        a: node(fixture('e2e-server')),
        b: node(fixture('e2e-server')),
        c: { ...node(fixture('e2e-server')), start: 'eager' },
      },
      consent: () => 'allow',
      eraCache: false,
    });
    const states = () => host.servers.map((s) => s.state);
    try {
      assert.deepEqual(states(), ['idle', 'idle', 'idle']);
      await host.start();
      assert.deepEqual(states(), ['idle', 'idle', 'ready']);
      const result = await host.callTool('b__echo', { text: 'x' });
      assert.deepEqual(result.content, [{ type: 'text', text: 'x' }]);
      assert.deepEqual(states(), ['idle', 'ready', 'ready']);
      assert.equal(childServers().length, 2, 'two servers run as children of this process');
    } finally {
      await host.close();
    }
    assert.deepEqual(childServers(), [], 'closing the host stopped every child');
  });

  it('gives a name too long or with other characters a short hash, the same each time', async () => {
    const long = `a-server-with-a-very-long-name-that-goes-on-and-on-${'x'.repeat(40)}`;
    const host = new Host({
      servers: { [long]: node(fixture('e2e-server')), 'dotted.name': node(fixture('e2e-server')) },
      consent: () => 'allow',
      eraCache: false,
    });
    try {
      const tools = await host.tools();
      const echoes = tools.filter((t) => t.tool.name === 'echo').map((t) => t.name);
      assert.equal(echoes.length, 2);
      for (const name of echoes) assert.match(name, MODEL_TOOL_NAME);
      assert.ok(
        echoes.every((n) => /_[0-9a-f]{8}$/.test(n)),
        echoes.join(' '),
      );
      const again = (await host.tools()).filter((t) => t.tool.name === 'echo').map((t) => t.name);
      assert.deepEqual(again, echoes);
      const result = await host.callTool(echoes[1]!, { text: 'hashed' });
      assert.deepEqual(result.content, [{ type: 'text', text: 'hashed' }]);
    } finally {
      await host.close();
    }
  });

  it('asks before calls, allows read-only tools of trusted servers only, and remembers "always"', async () => {
    const asked: ConsentRequest[] = [];
    let answer: 'allow' | 'always' | 'deny' = 'deny';
    const host = new Host({
      servers: {
        trusted: { ...node(CLI, 'example-server'), trusted: true },
        untrusted: node(CLI, 'example-server'),
        ruled: { ...node(CLI, 'example-server'), consent: { echo: 'allow', 'w*': 'deny' }, tools: { deny: ['fail'] } },
      },
      consent: (request) => {
        asked.push(request);
        return answer;
      },
      eraCache: false,
    });
    try {
      // add is read-only: a trusted server's runs unasked, an untrusted one's is asked about.
      await host.callTool('trusted__add', { a: 1, b: 1 });
      assert.equal(asked.length, 0);
      await assert.rejects(host.callTool('untrusted__add', { a: 1, b: 1 }), ConsentDeniedError);
      assert.equal(asked.length, 1);
      const [request] = asked;
      assert.equal(request?.kind, 'tool');
      assert.deepEqual(request?.kind === 'tool' && [request.server, request.name, request.arguments, request.trusted], [
        'untrusted',
        'untrusted__add',
        { a: 1, b: 1 },
        false,
      ]);
      // echo is not read-only: asked even on the trusted server.
      answer = 'always';
      await host.callTool('trusted__echo', { text: 'a' });
      await host.callTool('trusted__echo', { text: 'b' });
      assert.equal(asked.length, 2, 'asked once, then remembered');
      // The configuration's rules: allowed without asking, refused without asking, not offered.
      await host.callTool('ruled__echo', { text: 'c' });
      await assert.rejects(host.callTool('ruled__weather', { city: 'Oslo' }), /does not allow/);
      assert.equal(asked.length, 2);
      await assert.rejects(host.callTool('ruled__fail'), NotInCatalogError);
      assert.ok(!(await host.tools()).some((t) => t.name === 'ruled__fail'));
      // The user asked for this call: the ask is answered, a deny still refuses.
      answer = 'deny';
      await host.callTool('untrusted__echo', { text: 'd' }, { approved: true });
      await assert.rejects(host.callTool('ruled__weather', { city: 'Oslo' }, { approved: true }), ConsentDeniedError);
    } finally {
      await host.close();
    }
  });

  it('starts a crashed server again, says why, and keeps the others running', async () => {
    const statuses: ServerStatus[] = [];
    const host = new Host({
      servers: { crashy: node(fixture('e2e-server')), steady: node(fixture('e2e-server')) },
      consent: () => 'allow',
      restart: { initialDelayMs: 10 },
      onStatus: (status) => statuses.push(status),
      eraCache: false,
    });
    try {
      await host.tools();
      const restarted = new Promise<void>((resolve) => {
        const timer = setInterval(() => {
          const crashy = host.servers[0]!;
          if (crashy.state === 'ready' && crashy.restarts === 1) {
            clearInterval(timer);
            resolve();
          }
        }, 5);
      });
      await assert.rejects(host.callTool('crashy__crash', { code: 3, stderr: 'out of cheese' }));
      await within(restarted, 10_000, 'the restart');
      const why = statuses.find((s) => s.name === 'crashy' && s.state === 'restarting');
      assert.match(why?.error ?? '', /code 3/);
      assert.match(why?.error ?? '', /out of cheese/);
      // The other server never noticed; the restarted one answers again.
      assert.ok(!statuses.some((s) => s.name === 'steady' && s.state !== 'starting' && s.state !== 'ready'));
      assert.deepEqual((await host.callTool('crashy__echo', { text: 'back' })).content, [
        { type: 'text', text: 'back' },
      ]);
    } finally {
      await host.close();
    }
  });

  it('gives up on a server that cannot start, leaves it out of the catalog, and says why', async () => {
    const host = new Host({
      servers: {
        broken: {
          type: 'stdio',
          command: process.execPath,
          args: ['-e', 'process.stderr.write("no API token"); process.exit(2)'],
        },
        fine: node(fixture('e2e-server')),
      },
      consent: () => 'allow',
      eraCache: false,
    });
    try {
      const tools = await host.tools();
      assert.ok(tools.length > 0);
      assert.ok(tools.every((t) => t.server === 'fine'));
      const broken = host.servers[0]!;
      assert.equal(broken.state, 'failed');
      assert.match(broken.error ?? '', /no API token/);
      await assert.rejects(host.session('broken'), /did not start/);
    } finally {
      await host.close();
    }
  });
});
