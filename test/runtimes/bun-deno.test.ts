// mcpkit under Bun and Deno, installed in a project as an app installs it (node_modules/mcpkit,
// its dist/ as published): the fetch handler served by Bun.serve and Deno.serve, and stdio,
// each called from a Node mcpkit client. The test command puts both on PATH from the npm
// registry (scripts/runtimes.mjs); where one cannot run, its tests skip and say why.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Client, type ClientSession } from '../../src/client/index.js';
import { connectHttp } from '../../src/http/index.js';
import { CommandTransport } from '../../src/node/command.js';
import { within } from '../helpers/e2e.js';
import { startHttpCommand } from '../helpers/http-child.js';

const ROOT = realpathSync(fileURLToPath(new URL('../../../', import.meta.url)));
const FIXTURE = join(ROOT, 'test', 'fixtures', 'runtime-project');

interface Runtime {
  command: 'bun' | 'deno';
  /** The arguments that run `file` of the project in `dir`. */
  args(file: string, dir: string): string[];
}

const RUNTIMES: Runtime[] = [
  { command: 'bun', args: (file) => [file] },
  {
    command: 'deno',
    // Reading the project and the package it links to, and serving on loopback: nothing more.
    args: (file, dir) => ['run', '--no-prompt', `--allow-read=${ROOT},${dir}`, '--allow-net=127.0.0.1', file],
  },
];

/** Why `command` cannot run here, or `undefined`. */
function missing(command: string): string | undefined {
  const probe = spawnSync(command, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  if (probe.status === 0) return undefined;
  return `${command} is not on PATH (the test command installs it from the npm registry where it may; see scripts/runtimes.mjs)`;
}

/** A project with mcpkit in its node_modules (linked to this checkout) and the fixture's files. */
function createProject(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'mcpkit-runtime-')));
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ type: 'module', private: true, dependencies: { mcpkit: '*' } }),
  );
  for (const file of readdirSync(FIXTURE)) copyFileSync(join(FIXTURE, file), join(dir, file));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(ROOT, join(dir, 'node_modules', 'mcpkit'), 'dir');
  return dir;
}

async function add(session: ClientSession): Promise<unknown> {
  return (await session.callTool({ name: 'add', arguments: { a: 2, b: 3 } })).content;
}

async function runtimeName(session: ClientSession): Promise<string> {
  const [first] = (await session.callTool({ name: 'runtime' })).content;
  return first?.type === 'text' ? first.text : '';
}

for (const runtime of RUNTIMES) {
  const { command } = runtime;
  describe(`mcpkit under ${command}`, { skip: missing(command) ?? false }, () => {
    let dir: string;
    before(() => {
      dir = createProject();
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    it(`serves the fetch handler with ${command === 'bun' ? 'Bun' : 'Deno'}.serve, in both eras`, async () => {
      const child = await startHttpCommand(command, runtime.args('http.mjs', dir), { name: command, cwd: dir });
      try {
        for (const protocolVersion of ['2026-07-28', '2025-11-25'] as const) {
          const { session } = await within(
            connectHttp(new Client({ name: 'node', version: '1' }), child.url, { eraCache: false, protocolVersion }),
            10_000,
            'connect',
          );
          try {
            assert.equal(session.protocolVersion, protocolVersion);
            assert.match(await runtimeName(session), new RegExp(`^${command} `));
            assert.deepEqual(await add(session), [{ type: 'text', text: '5' }]);
          } finally {
            await session.close();
          }
        }
      } finally {
        await child.close();
      }
    });

    it('serves stdio', async () => {
      const transport = new CommandTransport({
        command,
        args: runtime.args('stdio.mjs', dir),
        cwd: dir,
        stderr: 'pipe',
        closeTimeoutMs: 5000,
      });
      const session = await within(new Client({ name: 'node', version: '1' }).connect(transport), 15_000, 'initialize');
      try {
        assert.match(await runtimeName(session), new RegExp(`^${command} `));
        assert.deepEqual(await add(session), [{ type: 'text', text: '5' }]);
      } finally {
        await session.close();
      }
    });
  });
}
