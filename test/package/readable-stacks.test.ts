// The published bundle under plain `node` (no flags, so no source maps): an uncaught error
// thrown inside mcpkit prints the line that threw and a stack of names a person can follow.
// A minified bundle is a single line, which Node prints whole as the throw site.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { within } from '../helpers/e2e.js';

const DIST = new URL('../../../dist/', import.meta.url);
const LONGEST_READABLE_LINE = 300;

const dir = mkdtempSync(join(tmpdir(), 'mcpkit-stacks-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `code` as an ES module with plain `node`; resolves with its exit code and stderr. */
async function runModule(name: string, code: string): Promise<{ code: number | null; stderr: string }> {
  const file = join(dir, name);
  writeFileSync(file, code);
  const child = spawn(process.execPath, [file], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
  const exit = new Promise<number | null>((resolve) => child.once('close', (status) => resolve(status)));
  return { code: await within(exit, 15_000, name), stderr };
}

function assertReadable(stderr: string): void {
  const long = stderr.split('\n').filter((line) => line.length > LONGEST_READABLE_LINE);
  assert.deepEqual(
    long.map((line) => `${line.length} characters: ${line.slice(0, 80)}...`),
    [],
    'no printed line is too long to read',
  );
}

describe('stack traces of the published bundle', () => {
  it('an error thrown by library code, uncaught, shows its throw site and named frames', async () => {
    const server = new URL('server.js', DIST).href;
    const { code, stderr } = await runModule(
      'bad-tool.mjs',
      `import { Server } from ${JSON.stringify(server)};\n` +
        `new Server({ name: 's', version: '1' }).tool('not a valid name!', {}, () => ({ content: [] }));\n`,
    );
    assert.equal(code, 1);
    assertReadable(stderr);
    assert.match(stderr, /throw new TypeError\(/, 'the source line that threw');
    assert.match(stderr, /TypeError: Invalid tool name "not a valid name!"/);
    assert.match(stderr, /\n {4}at createToolEntry \(file:.*\/dist\/lib\/[\w-]+\.js:\d+:\d+\)/);
    assert.match(stderr, /\n {4}at ToolRegistry\.add \(/);
    assert.match(stderr, /\n {4}at Server\.tool \(/);
    assert.match(
      stderr,
      new RegExp(`at ${escape(pathToFileURL(join(dir, 'bad-tool.mjs')).href)}:2:`),
      "down to the caller's own line",
    );
  });

  it('an error rejected from inside the library, unhandled, is as readable', async () => {
    const client = new URL('client.js', DIST).href;
    const stdio = new URL('stdio.js', DIST).href;
    const { code, stderr } = await runModule(
      'no-server.mjs',
      `import { Client } from ${JSON.stringify(client)};\n` +
        `import { CommandTransport } from ${JSON.stringify(stdio)};\n` +
        `await new Client({ name: 'c', version: '1' }).connect(new CommandTransport({ command: ${JSON.stringify(join(dir, 'no-such-server'))} }));\n`,
    );
    assert.equal(code, 1);
    assertReadable(stderr);
    assert.match(stderr, /ConnectionClosedError: Failed to start MCP server/);
    // V8 names a #private method's frame without its class.
    assert.match(stderr, /\n {4}at #spawnError \(file:.*\/dist\/lib\/[\w-]+\.js:\d+:\d+\)/);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
