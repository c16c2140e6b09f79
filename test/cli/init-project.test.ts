// The project `mcpkit init` makes, as a user gets it: made in a new folder with mcpkit as
// published (the packed tarball), installed by npm, then its own `npm test` run there, then its
// servers started as a client starts them and called: over stdio by mcpkit's client and by the
// CLI it installed (what `npm run inspect` runs), and over Streamable HTTP.
//
// Bounded at 8 minutes in all: packing builds the package (the bundles, and tsc writing the
// declarations: about 20 s alone, a minute or more on a busy machine), npm installs the
// project's dependencies (TypeScript among them) from its cache or the registry, and the
// project compiles. It took about 3 minutes here with other tests running beside it; the
// bound leaves room for a slower machine running the whole suite. Each step has its own bound
// below, so a hang fails on the step that hung.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { Client } from '../../src/client/index.js';
import { StreamableHttpClientTransport } from '../../src/http/index.js';
import { clientInfo, connectChild, firstText, nodeTransport, runCli, serving, within } from '../helpers/e2e.js';
import { packedTarball, removePackedTarball } from '../helpers/packed.js';

const run = promisify(execFile);

/**
 * The environment of npm and of the project's scripts: without npm's update check and other
 * chatter, and without the outer test runner's mark, under which the project's own `node
 * --test` would report to this runner rather than run its tests.
 */
function projectEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    npm_config_loglevel: 'error',
  };
  delete env.NODE_TEST_CONTEXT;
  return env;
}

/** Runs `npm args` in `cwd` within `ms`; fails with what it printed. */
async function npm(args: string[], cwd: string, ms: number): Promise<string> {
  const done = run('npm', args, { cwd, env: projectEnv(), maxBuffer: 16 * 1024 * 1024, timeout: ms }).catch(
    (error: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(`npm ${args.join(' ')} failed: ${error.message}\n${error.stdout ?? ''}${error.stderr ?? ''}`);
    },
  );
  return (await done).stdout;
}

describe('a project made by mcpkit init', { timeout: 8 * 60_000 }, () => {
  const root = mkdtempSync(join(tmpdir(), 'mcpkit-init-project-'));
  const dir = join(root, 'greeter');

  before(async () => {
    const made = await runCli(['init', dir, '--yes']);
    assert.equal(made.code, 0, made.stderr);
    // mcpkit as published, in place of the version on the registry.
    const tarball = await within(packedTarball(), 4 * 60_000, 'npm pack');
    const manifest = join(dir, 'package.json');
    const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { dependencies: Record<string, string> };
    pkg.dependencies.mcpkit = `file:${tarball}`;
    writeFileSync(manifest, JSON.stringify(pkg, null, 2));
    await npm(['install', '--prefer-offline', '--no-audit', '--no-fund'], dir, 3 * 60_000);
  });

  after(async () => {
    await removePackedTarball();
    rmSync(root, { recursive: true, force: true });
  });

  it('passes its own npm test: it compiles, and its tests pass', async () => {
    const output = await npm(['test'], dir, 2 * 60_000);
    // Node's test runner ends with its counts: the template's tests ran, and none failed.
    assert.match(output, /^(?:ℹ|#) pass [1-9]/m, output);
    assert.match(output, /^(?:ℹ|#) fail 0$/m, output);
  });

  it('serves its tool over stdio, as a client starts it', async () => {
    const session = await connectChild(
      nodeTransport(join(dir, 'dist', 'src', 'stdio.js'), [], { cwd: dir }),
      '2025-11-25',
      new Client(clientInfo),
    );
    try {
      const tools = await session.listTools();
      assert.deepEqual(
        tools.tools.map((tool) => tool.name),
        ['greet'],
      );
      assert.equal(firstText(await session.callTool({ name: 'greet', arguments: { name: 'Ada' } })), 'Hello, Ada!');
      assert.equal(session.serverInfo.name, 'greeter');
    } finally {
      await session.close();
    }
  });

  it('is called by the mcpkit command it installed, which npm run inspect runs', async () => {
    const mcpkit = join(dir, 'node_modules', 'mcpkit', 'dist', 'cli.js');
    const stdio = join(dir, 'dist', 'src', 'stdio.js');
    const called = await runCli(['call', 'greet', 'name=Grace', '--', 'node', stdio], 30_000, {}, mcpkit);
    assert.equal(called.code, 0, called.stderr);
    assert.match(called.stdout, /Hello, Grace!/);
    const read = await runCli(['read', 'info://about', '--', 'node', stdio], 30_000, {}, mcpkit);
    assert.equal(read.code, 0, read.stderr);
    assert.match(read.stdout, /made with mcpkit/);
  });

  it('the installed mcpkit makes the same project: the template ships in the package', async () => {
    const mcpkit = join(dir, 'node_modules', 'mcpkit', 'dist', 'cli.js');
    const again = join(root, 'again');
    const made = await runCli(['init', again, '--yes', '--name', 'greeter'], 30_000, {}, mcpkit);
    assert.equal(made.code, 0, made.stderr);
    for (const file of ['src/server.ts', 'src/stdio.ts', 'src/http.ts', 'test/server.test.ts', 'tsconfig.json'])
      assert.equal(readFileSync(join(again, file), 'utf8'), readFileSync(join(dir, file), 'utf8'), file);
  });

  it('serves its tool over Streamable HTTP on a free port', async () => {
    const server = await serving(join(dir, 'dist', 'src', 'http.js'), [], { PORT: '0' });
    try {
      assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      const session = await within(
        new Client(clientInfo).connect(new StreamableHttpClientTransport({ url: server.url })),
        15_000,
        'connecting over HTTP',
      );
      try {
        assert.equal(firstText(await session.callTool({ name: 'greet', arguments: { name: 'Lin' } })), 'Hello, Lin!');
      } finally {
        await session.close();
      }
    } finally {
      await server.close();
    }
  });
});
