// The mcpkit command against servers of both eras, over stdio and HTTP: the modern revision
// with the example server, the handshake with a server of that era alone, what it remembers
// between runs (in MCPKIT_CACHE_DIR), and --era.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CLI, fixture, runCli, serving, type ServingProcess } from '../helpers/e2e.js';

const headline = (stdout: string) => stdout.split('\n')[0] ?? '';

describe('mcpkit and the era of each server', () => {
  let example: ServingProcess;
  let legacy: ServingProcess;
  let cacheDir: string;
  const legacyCommand = ['--', process.execPath, fixture('era-legacy-server')];
  before(async () => {
    [example, legacy] = await Promise.all([
      serving(CLI, ['example-server', '--http', '--port', '0']),
      serving(fixture('era-legacy-server'), ['--http']),
    ]);
    cacheDir = mkdtempSync(join(tmpdir(), 'mcpkit-era-'));
  });
  after(async () => {
    await Promise.all([example.close(), legacy.close()]);
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('speaks 2026-07-28 to the example server over HTTP', async () => {
    const listed = await runCli(['list', example.url]);
    assert.equal(listed.code, 0, listed.stderr);
    assert.match(headline(listed.stdout), /\(protocol 2026-07-28\)$/);
    const called = await runCli(['call', example.url, 'echo', '{"text":"over http"}']);
    assert.deepEqual([called.code, called.stdout], [0, 'over http\n'], called.stderr);
  });

  it('speaks the handshake to a server of that era, over stdio and HTTP, and remembers it', async () => {
    const env = { MCPKIT_CACHE_DIR: cacheDir };
    for (const target of [legacyCommand, ['--', legacy.url]]) {
      for (let run = 0; run < 2; run++) {
        const listed = await runCli(['list', ...target], 20_000, env);
        assert.equal(listed.code, 0, listed.stderr);
        assert.equal(headline(listed.stdout), 'legacy-only 1.0.0 (protocol 2025-11-25)');
      }
      const called = await runCli(['call', 'echo', '{"text":"hi"}', ...target], 20_000, env);
      assert.deepEqual([called.code, called.stdout], [0, 'hi\n'], called.stderr);
    }
    const remembered = JSON.parse(readFileSync(join(cacheDir, 'eras.json'), 'utf8')) as Record<string, unknown>;
    assert.deepEqual(remembered[legacy.url], { era: 'legacy', protocolVersion: '2025-11-25' });
    const commandKey = Object.keys(remembered).find((key) => key.includes('era-legacy-server'));
    assert.ok(commandKey, 'the command line is remembered');
    assert.deepEqual(remembered[commandKey], { era: 'legacy', protocolVersion: '2025-11-25' });
  });

  it('keeps to --era and --protocol-version', async () => {
    const legacyEra = await runCli(['list', '--era', 'legacy', example.url]);
    assert.match(headline(legacyEra.stdout), /\(protocol 2025-11-25\)$/, legacyEra.stderr);
    const pinned = await runCli(['list', '--protocol-version', '2025-06-18', example.url]);
    assert.match(headline(pinned.stdout), /\(protocol 2025-06-18\)$/, pinned.stderr);
    const modern = await runCli(['list', '--era', 'modern', ...legacyCommand]);
    assert.equal(modern.code, 3);
    assert.match(modern.stderr, /does not speak the modern revision/);
    const bad = await runCli(['list', '--era', 'future', example.url]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--era must be auto, modern or legacy/);
  });
});
