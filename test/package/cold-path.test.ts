// The OAuth libraries stay off the cold path: importing any entry point of the published
// bundle, authorization's included, loads neither oauth4webapi nor jose (nor oidc-provider,
// which only a starting development authorization server loads). Only code that authorizes a
// request loads them, when it first does. Likewise the host's JSON-with-comments parser, which
// only reading a configuration loads; nor does the command line load its prompt library
// (@clack/prompts) unless it asks the user something; nor node-redis, which only a Redis store
// that connects loads.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe, it } from 'node:test';
import { within } from '../helpers/e2e.js';

const DIST = new URL('../../../dist/', import.meta.url);
const ENTRIES = [
  'index.js',
  'server.js',
  'client.js',
  'http.js',
  'stdio.js',
  'node.js',
  'testing.js',
  'auth.js',
  'dev-auth-server.js',
  'host.js',
  'redis.js',
];
const HEAVY = /^(oauth4webapi|jose|oidc-provider|jsonc-parser|@clack\/prompts|@redis\/client)(\/|$)/;

// A module resolution hook that reports every package a process resolves, on stdout.
const HOOKS = `export async function resolve(specifier, context, next) {
  if (${HEAVY}.test(specifier)) console.log('RESOLVED ' + specifier);
  return next(specifier, context);
}`;
const REGISTER = `import { register } from 'node:module';
register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(HOOKS)}`)});`;

/** Runs `node` with the hook and `args`; resolves with its exit status and what it wrote to stdout (and stderr). */
async function withHook(
  args: string[],
  what: string,
  { stderr = false, cwd }: { stderr?: boolean; cwd?: URL } = {},
): Promise<{ status: unknown; out: string }> {
  const child = spawn(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(REGISTER)}`, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_OPTIONS: '' },
    ...(cwd && { cwd }),
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
  if (stderr) child.stderr.setEncoding('utf8').on('data', (s: string) => (out += s));
  const status = await within(new Promise((resolve) => child.once('close', resolve)), 15_000, what);
  return { status, out };
}

describe('the cold path', () => {
  it('imports every entry point without loading the OAuth libraries', async () => {
    const code = ENTRIES.map((entry) => `await import(${JSON.stringify(new URL(entry, DIST).href)});`).join('\n');
    const { status, out } = await withHook(['--input-type=module', '-e', code + "\nconsole.log('DONE');"], 'import', {
      stderr: true,
    });
    assert.equal(status, 0, out);
    assert.match(out, /DONE/);
    assert.deepEqual(
      out.split('\n').filter((line) => line.startsWith('RESOLVED')),
      [],
    );
  });

  it('runs the command line without loading the prompt library', async () => {
    const { status, out } = await withHook([new URL('cli.js', DIST).pathname, '--help'], 'mcpkit --help');
    assert.equal(status, 0, out);
    assert.match(out, /^mcpkit /);
    assert.deepEqual(
      out.split('\n').filter((line) => line.startsWith('RESOLVED')),
      [],
    );
  });

  it('would notice one that did', async () => {
    const { out } = await withHook(['--input-type=module', '-e', "await import('jose');"], 'import', {
      cwd: new URL('../../../', import.meta.url),
    });
    assert.match(out, /RESOLVED jose/);
  });
});
