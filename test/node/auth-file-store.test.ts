// The file store of credentials: one 0600 file per key, named by a hash, in a directory it
// creates as 0700 (or leaves as it was); writes replace files whole, so concurrent writers
// (two stores, two processes) never leave half a file; what cannot be read is nothing kept.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileAuthStore } from '../../src/node/index.js';
import { within } from '../helpers/e2e.js';

const root = mkdtempSync(join(tmpdir(), 'mcpkit-auth-store-'));
after(() => rmSync(root, { recursive: true, force: true }));
let dirs = 0;
const freshDir = (): string => join(root, `store-${++dirs}`);
const fileOf = (dir: string, key: string): string =>
  join(dir, `${createHash('sha256').update(key, 'utf8').digest('hex')}.json`);
const mode = (path: string): number => statSync(path).mode & 0o777;
const posix = process.platform !== 'win32';

describe('FileAuthStore', { timeout: 30_000 }, () => {
  it('keeps, hands back and forgets JSON values by key', async () => {
    const store = new FileAuthStore(freshDir());
    assert.equal(await store.get('tokens'), undefined);
    const value = {
      access_token: 'at-1',
      refresh_token: 'rt-1',
      expires_at: 1_800_000_000,
      scopes: ['mcp'],
      nested: { ok: true },
    };
    await store.set('tokens', value);
    const back = (await store.get('tokens')) as typeof value;
    assert.deepEqual(back, value);
    back.scopes.push('changed');
    assert.deepEqual(await store.get('tokens'), value, 'a value handed out is a copy');
    await store.set('tokens', 'replaced');
    assert.equal(await store.get('tokens'), 'replaced');
    for (const scalar of [null, 0, false, '', [1, 'two']]) {
      await store.set('scalar', scalar);
      assert.deepEqual(await store.get('scalar'), scalar);
    }
    await store.delete('tokens');
    assert.equal(await store.get('tokens'), undefined);
    await store.delete('tokens');
    await store.delete('never-set');
  });

  it('names each file by the hash of its key, whatever the key holds', async () => {
    const dir = freshDir();
    const store = new FileAuthStore(dir);
    const keys = ['', '../../etc/passwd', 'https://as.example/tenant?x=1#y', 'clé ✓', 'a/b\\c\0d'];
    for (const [i, key] of keys.entries()) await store.set(key, i);
    for (const [i, key] of keys.entries()) assert.equal(await store.get(key), i);
    assert.deepEqual(readdirSync(dir).sort(), keys.map((key) => fileOf(dir, key).slice(dir.length + 1)).sort());
  });

  it(
    'creates its directory (and missing parents) as 0700, files as 0600, whatever the umask',
    { skip: !posix },
    async () => {
      const parent = freshDir();
      const dir = join(parent, 'nested', 'auth');
      const previous = process.umask(0o277);
      try {
        await new FileAuthStore(dir).set('k', { secret: 'value' });
      } finally {
        process.umask(previous);
      }
      assert.equal(mode(parent), 0o700);
      assert.equal(mode(join(parent, 'nested')), 0o700);
      assert.equal(mode(dir), 0o700);
      assert.equal(mode(fileOf(dir, 'k')), 0o600);
    },
  );

  it('leaves a directory that exists as it is', { skip: !posix }, async () => {
    const dir = freshDir();
    mkdirSync(dir);
    chmodSync(dir, 0o755);
    const store = new FileAuthStore(dir);
    await store.set('k', 1);
    assert.equal(mode(dir), 0o755);
    assert.equal(mode(fileOf(dir, 'k')), 0o600);
  });

  it('reads a corrupt, foreign or unreadable file as nothing kept, and writes over it', async () => {
    const dir = freshDir();
    const store = new FileAuthStore(dir);
    await store.set('seed', 1);
    const cases: [string, (file: string) => void][] = [
      ['torn', (file) => writeFileSync(file, '{"key":"torn","value":{"access_tok')],
      ['empty', (file) => writeFileSync(file, '')],
      ['binary', (file) => writeFileSync(file, Buffer.from([0xff, 0xfe, 0, 1, 2]))],
      ['not an entry', (file) => writeFileSync(file, '["key","value"]')],
      ['null', (file) => writeFileSync(file, 'null')],
      ['another key', (file) => writeFileSync(file, JSON.stringify({ key: 'someone else', value: 'theirs' }))],
      ['a directory', (file) => mkdirSync(file)],
    ];
    for (const [key, damage] of cases) {
      damage(fileOf(dir, key));
      assert.equal(await store.get(key), undefined, key);
    }
    for (const [key] of cases.filter(([key]) => key !== 'a directory')) {
      await store.set(key, `fresh ${key}`);
      assert.equal(await store.get(key), `fresh ${key}`, key);
    }
    if (posix && process.getuid?.() !== 0) {
      await store.set('locked', 'kept');
      chmodSync(fileOf(dir, 'locked'), 0o000);
      assert.equal(await store.get('locked'), undefined);
    }
    assert.equal(await store.get('seed'), 1);
  });

  it('refuses a value that is not JSON, with a clear error, and keeps the old one', async () => {
    const dir = freshDir();
    const store = new FileAuthStore(dir);
    await store.set('k', { kept: true });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    for (const bad of [10n, cyclic, undefined]) {
      await assert.rejects(store.set('k', bad), (error: Error) => {
        assert.ok(error instanceof TypeError);
        assert.match(error.message, /not JSON/);
        return true;
      });
    }
    assert.deepEqual(await store.get('k'), { kept: true });
    assert.deepEqual(readdirSync(dir), [fileOf(dir, 'k').slice(dir.length + 1)], 'no temporary file is left');
    assert.throws(() => new FileAuthStore(''), TypeError);
  });

  it('never leaves a torn file when two stores write one key at once', async () => {
    const dir = freshDir();
    const one = new FileAuthStore(dir);
    const two = new FileAuthStore(dir);
    // Values large enough that a write takes more than one system call.
    const value = (writer: string, i: number) => ({ writer, i, filler: `${writer}${i}`.repeat(40_000) });
    const torn: unknown[] = [];
    let reading = true;
    const reader = (async () => {
      while (reading) {
        try {
          JSON.parse(readFileSync(fileOf(dir, 'shared'), 'utf8'));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') torn.push(error);
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const writes = [];
    for (let i = 0; i < 40; i++) writes.push(one.set('shared', value('one', i)), two.set('shared', value('two', i)));
    await within(Promise.all(writes), 20_000, 'the writes');
    reading = false;
    await reader;
    assert.deepEqual(torn, []);
    const last = (await one.get('shared')) as ReturnType<typeof value>;
    assert.equal(last.filler, `${last.writer}${last.i}`.repeat(40_000));
    assert.deepEqual(await two.get('shared'), last);
    assert.deepEqual(readdirSync(dir), [fileOf(dir, 'shared').slice(dir.length + 1)], 'no temporary file is left');
  });

  it('never leaves a torn file when two processes write one key at once', async () => {
    const dir = freshDir();
    const store = new FileAuthStore(dir);
    const module = new URL('../../src/node/auth-file-store.js', import.meta.url).href;
    const script = `
      const { FileAuthStore } = await import(${JSON.stringify(module)});
      const store = new FileAuthStore(${JSON.stringify(dir)});
      for (let i = 0; i < 60; i++) await store.set('shared', { writer: 'child', i, filler: 'child'.repeat(50000) });
      const back = await store.get('shared');
      if (back === undefined) process.exit(3);
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const exited = new Promise((resolve) => child.once('close', resolve));
    for (let i = 0; i < 60; i++) {
      await store.set('shared', { writer: 'parent', i, filler: 'parent'.repeat(50000) });
      const back = (await store.get('shared')) as { writer: string; filler: string } | undefined;
      // Never undefined once written, never a mix: the whole value of one writer.
      assert.ok(back !== undefined, 'a value is there once one was written');
      assert.equal(back.filler, back.writer.repeat(50000));
    }
    assert.equal(await within(exited, 20_000, 'the child'), 0);
    const last = (await store.get('shared')) as { writer: string; filler: string };
    assert.equal(last.filler, last.writer.repeat(50000));
    assert.equal(readdirSync(dir).length, 1, 'no temporary file is left');
  });
});
