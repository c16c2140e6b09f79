// The command line over a configuration file (--config, MCPKIT_CONFIG), and over one server
// given directly: what a user types, the published CLI, real servers in child processes.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { after, before, describe, it } from 'node:test';
import { CLI, fixture, runCli } from '../helpers/e2e.js';

const require = createRequire(import.meta.url);
const EVERYTHING = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');

describe('mcpkit with --config', () => {
  let dir: string;
  let config: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'mcpkit-cli-config-'));
    config = join(dir, '.mcp.json');
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: {
          example: { command: process.execPath, args: [CLI, 'example-server'] },
          fixture: { command: process.execPath, args: [fixture('e2e-server')] },
          everything: { command: process.execPath, args: [EVERYTHING, 'stdio'], env: { FROM_CONFIG: 'yes' } },
        },
      }),
    );
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('servers: each server ready, with its revision and counts', async () => {
    const r = await runCli(['servers', '--config', config, '--json'], 60_000);
    assert.equal(r.code, 0, r.stderr);
    const { servers } = JSON.parse(r.stdout) as { servers: Record<string, unknown>[] };
    assert.deepEqual(
      servers.map((s) => [s.name, s.state]),
      [
        ['example', 'ready'],
        ['fixture', 'ready'],
        ['everything', 'ready'],
      ],
    );
    const example = servers[0]!;
    assert.equal(example.protocolVersion, '2026-07-28');
    assert.equal(example.tools, 12);
    assert.equal(servers[2]!.protocolVersion, '2025-11-25');
    const text = await runCli(['servers', '--config', config], 60_000);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /^example +ready +2026-07-28 +12 tools/m);
  });

  it('list: everything grouped by server, or the servers named', async () => {
    const r = await runCli(['list', '--config', config], 60_000);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^example: mcpkit example server 0\.1\.0 \(protocol 2026-07-28\)$/m);
    assert.match(r.stdout, /^ {4}example__echo\(text: string\) +Echoes the given text back\.$/m);
    assert.match(r.stdout, /^ {4}everything__get-env/m);
    const one = await runCli(['list', '--config', config, 'fixture', '--json'], 60_000);
    assert.equal(one.code, 0, one.stderr);
    const { servers } = JSON.parse(one.stdout) as { servers: Record<string, { tools: { name: string }[] }> };
    assert.deepEqual(Object.keys(servers), ['fixture']);
    assert.ok(servers.fixture!.tools.some((t) => t.name === 'fixture__echo'));
    const unknown = await runCli(['list', '--config', config, 'nope']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /no server named "nope" in the configuration \(example, fixture, everything\)/);
  });

  it('call: <server>__<tool> with key=value pairs read by the schema, from MCPKIT_CONFIG too', async () => {
    const r = await runCli(['call', '--config', config, 'example__add', 'a=2', 'b=3'], 60_000);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, '5\n');
    // text is a string in the schema: 42 stays text.
    const echoed = await runCli(['call', 'example__echo', 'text=42'], 60_000, { MCPKIT_CONFIG: config });
    assert.equal(echoed.code, 0, echoed.stderr);
    assert.equal(echoed.stdout, '42\n');
    // The server gets the configuration's env over the user's.
    const env = await runCli(['call', '--config', config, 'everything__get-env', '--json'], 60_000, {
      FROM_USER: 'also',
    });
    assert.equal(env.code, 0, env.stderr);
    assert.match(env.stdout, /FROM_CONFIG[^,]*yes/);
    assert.match(env.stdout, /FROM_USER[^,]*also/);
  });

  it('exits with a code per kind of failure, and says it as JSON with --json', async () => {
    const toolError = await runCli(['call', '--config', config, 'example__fail'], 60_000);
    assert.equal(toolError.code, 1);
    assert.match(toolError.stderr, /fails on purpose/);
    const unknown = await runCli(['call', '--config', config, 'example__nope', '--json'], 60_000);
    assert.equal(unknown.code, 2);
    assert.deepEqual(JSON.parse(unknown.stdout), {
      error: { message: 'no tool named "example__nope" in the catalog', kind: 'usage', exitCode: 2 },
    });
    const timeout = await runCli(
      ['call', '--config', config, '--timeout', '2000', 'example__count', 'n=50', 'delayMs=100'],
      60_000,
    );
    assert.equal(timeout.code, 124, timeout.stderr);
    const crash = await runCli(['call', '--config', config, 'fixture__crash', 'code=3', 'stderr=gone'], 60_000);
    assert.equal(crash.code, 3, crash.stderr);
    assert.match(crash.stderr, /exited with code 3/);
    const badArgs = await runCli(['call', '--config', config, 'example__add', 'a'], 60_000);
    assert.equal(badArgs.code, 2);
    assert.match(badArgs.stderr, /"a" is not key=value/);
  });

  it('read and prompt: routed to the server that has them', async () => {
    const read = await runCli(['read', '--config', config, 'greeting://Ada'], 60_000);
    assert.equal(read.code, 0, read.stderr);
    assert.equal(read.stdout, 'Hello, Ada!\n');
    const prompt = await runCli(['prompt', '--config', config, 'example__review_code', 'code=let x'], 60_000);
    assert.equal(prompt.code, 0, prompt.stderr);
    assert.match(prompt.stdout, /let x/);
  });

  it('answers roots with the working directory, and refuses a form with --no-input', async () => {
    const roots = await runCli(['call', '--config', config, 'example__roots'], 60_000);
    assert.equal(roots.code, 0, roots.stderr);
    assert.equal(roots.stdout.trim(), `file://${process.cwd()}`);
    const form = await runCli(['call', '--config', config, '--no-input', 'example__ask_name'], 60_000);
    assert.equal(form.code, 0, form.stderr);
    assert.equal(form.stdout, 'No name given (decline).\n');
    assert.match(
      form.stderr,
      /server "example" asks you to fill in a form \("What is your name\?"\); refused with --no-input/,
    );
  });

  it('reports a configuration error with its file, server and field, as a usage error', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({ mcpServers: { broken: { command: 'x', env: { TOKEN: '${env:NOPE_NOT_SET}' } } } }),
    );
    const r = await runCli(['list', '--config', bad]);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /bad\.json.*server "broken".*field "env\.TOKEN"/);
  });
});

describe('mcpkit with one server given directly', () => {
  it('passes the user environment, --env and --cwd to the server', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'mcpkit-cwd-'));
    try {
      const r = await runCli(
        ['call', '--json', '--env', 'GIVEN=1', '--cwd', cwd, 'get-env', '--', process.execPath, EVERYTHING, 'stdio'],
        60_000,
        { FROM_USER: 'also' },
      );
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /GIVEN[^,]*1/);
      assert.match(r.stdout, /FROM_USER[^,]*also/);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it("prints each command's help, and the exit codes in the usage", async () => {
    const help = await runCli(['call', '--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^Usage: mcpkit call/);
    assert.match(help.stdout, /key=value/);
    const usage = await runCli(['--help']);
    assert.match(usage.stdout, /124 timed out; 130 interrupted/);
  });

  it('prints completion scripts bash and zsh accept', async () => {
    for (const shell of ['bash', 'zsh', 'fish']) {
      const r = await runCli(['completion', shell]);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /mcpkit/);
    }
    const r = await runCli(['completion', 'bash']);
    const { spawnSync } = await import('node:child_process');
    const check = spawnSync('bash', ['-n'], { input: r.stdout });
    assert.equal(check.status, 0, String(check.stderr));
  });
});
