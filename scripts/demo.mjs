#!/usr/bin/env node
// The demo: builds the package, then uses the `mcpkit` command line against the example
// server it ships, exactly as a user would from a terminal.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const cli = join('dist', 'cli.js');
const server = ['--', process.execPath, cli, 'example-server'];

function step(title, args) {
  console.log(
    `\n$ mcpkit ${args
      .map((a) => (/[\s{}"]/.test(a) ? `'${a}'` : a))
      .join(' ')
      .replace(process.execPath, 'node')}`,
  );
  if (title) console.log(`# ${title}`);
  const r = spawnSync(process.execPath, [cli, ...args], { stdio: 'inherit' });
  return r.status;
}

const build = spawnSync(process.execPath, [join('scripts', 'build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

let failed = 0;
failed += step('what the example server offers', ['list', ...server]) === 0 ? 0 : 1;
failed += step('a tool call', ['call', 'echo', '{"text":"Hello from mcpkit"}', ...server]) === 0 ? 0 : 1;
failed += step('another one', ['call', 'add', '{"a":2,"b":40}', ...server]) === 0 ? 0 : 1;
failed +=
  step('progress notifications arrive while the tool works', ['call', 'count', '{"n":3,"delayMs":200}', ...server]) ===
  0
    ? 0
    : 1;
failed +=
  step("structured output, checked against the tool's output schema", [
    'call',
    'weather',
    '{"city":"Paris"}',
    ...server,
  ]) === 0
    ? 0
    : 1;
failed += step('a tool error is content the model can read (exit code 1)', ['call', 'fail', ...server]) === 1 ? 0 : 1;
failed +=
  step('arguments are validated against the input schema (exit code 1)', [
    'call',
    'add',
    '{"a":"two","b":40}',
    ...server,
  ]) === 1
    ? 0
    : 1;
failed += step('a resource', ['read', 'greeting://Ada', ...server]) === 0 ? 0 : 1;
failed +=
  step('a prompt', ['prompt', 'review_code', '{"code":"let x = 1","language":"typescript"}', ...server]) === 0 ? 0 : 1;
// The same server over HTTP: start it on a free port, read its URL, call it through the URL.
const { spawn } = await import('node:child_process');
const httpServer = spawn(process.execPath, [cli, 'example-server', '--http', '--port', '0'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise((resolve) => {
  let out = '';
  httpServer.stdout.on('data', (chunk) => {
    out += chunk;
    if (out.includes('\n')) resolve(out.split('\n')[0]);
  });
  httpServer.on('exit', () => resolve(undefined));
});
if (url) {
  failed +=
    step('over Streamable HTTP, the server given as a URL', ['call', url, 'weather', '{"city":"Oslo"}']) === 0 ? 0 : 1;
} else {
  failed += 1;
}
httpServer.kill('SIGTERM');

console.log(
  failed === 0
    ? '\nDemo finished: every step behaved as expected.'
    : `\nDemo: ${failed} step(s) did not behave as expected.`,
);
process.exit(failed === 0 ? 0 : 1);
