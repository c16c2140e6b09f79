// Without the optional peer dependency `@opentelemetry/api`, the library loads and works as
// before: `mcpkit/otel` loads too, records nothing, and says once what is missing.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CLI, fixture } from '../helpers/e2e.js';

const DIST = fileURLToPath(new URL('../../../dist/', import.meta.url));

describe('without @opentelemetry/api', () => {
  it('runs a client and a server from the published bundle, instrumented or not, and says so once', async () => {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [fixture('without-opentelemetry-child')], {
      timeout: 30_000,
    });
    const report = JSON.parse(stdout) as { called?: string; failed?: string; otel?: string; instrumented?: string };
    assert.equal(report.failed, undefined);
    assert.equal(report.called, 'ok');
    assert.equal(report.otel, 'loaded');
    assert.equal(report.instrumented, 'ok');
    assert.equal(
      stderr,
      'mcpkit/otel: @opentelemetry/api is not installed, so nothing is recorded (npm install @opentelemetry/api)\n',
    );
  });

  it('runs the command line against the example server', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        fixture('without-opentelemetry'),
        CLI,
        'call',
        'echo',
        'text=hi',
        '--',
        process.execPath,
        CLI,
        'example-server',
      ],
      { timeout: 30_000 },
    );
    assert.match(stdout, /hi/);
  });

  it('makes a command asked to export say what to install, and run as ever', async () => {
    const hidden = ['--import', fixture('without-opentelemetry')];
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [...hidden, CLI, 'call', 'echo', 'text=hi', '--', process.execPath, ...hidden, CLI, 'example-server'],
      { timeout: 30_000, env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' } },
    );
    assert.equal(stdout, 'hi\n');
    // Both processes say it, each once, with the ranges this version runs with.
    const hints = stderr.split('\n').filter((line) => line.includes('the OpenTelemetry SDK is not installed'));
    assert.equal(hints.length, 2, stderr);
    assert.match(hints[0]!, /npm install @opentelemetry\/api@\^1\.9\.0 .*@opentelemetry\/sdk-trace@\^2\.12\.0/);
  });

  it('is imported by the bundle of mcpkit/otel alone', () => {
    const files = readdirSync(join(DIST, 'lib')).filter((name) => name.endsWith('.js'));
    const importing = files.filter((name) => readFileSync(join(DIST, 'lib', name), 'utf8').includes('@opentelemetry/'));
    assert.deepEqual(importing, ['otel.js']);
  });
});
