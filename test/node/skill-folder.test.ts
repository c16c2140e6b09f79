// folderSkills: the skills of a folder on disk. What it serves, and that it reads nothing outside
// the folder: paths that climb out, symlinks to files and folders outside, a file swapped for a
// symlink after it was listed, a FIFO; hidden entries skipped; files over the limit listed but
// refused; and watching, which tells clients when a skill is added.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { folderSkills } from '../../src/node/index.js';
import { Server } from '../../src/server/index.js';
import { connectPair } from '../../src/testing/index.js';
import { FIXTURE, PDF_ENTRY, REVIEW_ENTRY, resourceOf, skillMd } from '../helpers/skills.js';

const base = mkdtempSync(join(tmpdir(), 'mcpkit-skills-'));
after(() => rmSync(base, { recursive: true, force: true }));
let folders = 0;

/** A new folder holding `files` (paths relative to it), inside a parent that also holds `outside/secret.txt`. */
function folderWith(files: Record<string, string | Uint8Array>): { dir: string; outside: string } {
  const parent = join(base, String(folders++));
  const dir = join(parent, 'skills');
  const outside = join(parent, 'outside');
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(outside, 'secret.txt'), 'TOP SECRET');
  for (const [path, data] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), data);
  }
  mkdirSync(dir, { recursive: true });
  return { dir, outside };
}

function serve(dir: string, options: Parameters<typeof folderSkills>[1] = {}) {
  const errors: Error[] = [];
  const server = new Server(
    { name: 'folder', version: '1' },
    { skills: folderSkills(dir, options), onError: (e) => errors.push(e) },
  );
  return { server, errors };
}

const uris = (listed: unknown) => (listed as { skills: { uri: string }[] }).skills.map((s) => s.uri);

describe('folderSkills', () => {
  it('serves the skills of a folder, hidden entries left out, in both eras', async () => {
    const { dir } = folderWith(FIXTURE);
    const { server, errors } = serve(dir);
    for (const protocolVersion of ['2025-11-25', '2026-07-28'] as const) {
      const pair = await connectPair(server, { protocolVersion });
      const listed = (await pair.client.request('skills/list', {})) as { skills: unknown[] };
      assert.deepEqual(listed.skills, [PDF_ENTRY, REVIEW_ENTRY]);
      const read = (await pair.client.request('resources/read', {
        uri: 'skill://pdf-processing/references/FORMS.md',
      })) as {
        contents: { text?: string }[];
      };
      assert.equal(read.contents[0]?.text, FIXTURE['pdf-processing/references/FORMS.md']);
      await pair.close();
    }
    assert.deepEqual(errors, []);
    await server.close();
  });

  it('refuses paths that leave the folder, without touching the disk', async () => {
    const { dir } = folderWith({ 'a/SKILL.md': 'x' });
    const source = folderSkills(dir);
    for (const path of [
      '../outside/secret.txt',
      'a/../../outside/secret.txt',
      '/etc/passwd',
      'a\\..\\..\\x',
      'a//SKILL.md',
      './a/SKILL.md',
      'a/.',
      'C:/x',
      'a/\0',
    ]) {
      await assert.rejects(
        Promise.resolve().then(() => source.read(path)),
        TypeError,
        path,
      );
      await assert.rejects(
        Promise.resolve().then(() => source.list(path)),
        TypeError,
        path,
      );
    }
    // An encoded separator is a name, not a separator: no such file.
    await assert.rejects(
      Promise.resolve().then(() => source.read('a%2F..%2F..%2Foutside%2Fsecret.txt')),
      { code: 'ENOENT' },
    );
    assert.throws(() => folderSkills(join(dir, 'nothing')), TypeError);
    assert.throws(() => folderSkills(join(dir, 'a', 'SKILL.md')), TypeError);
  });

  it('never follows a symlink to a file or a folder outside, and leaves out the skill holding one', async () => {
    const { dir, outside } = folderWith({
      'linked-file/SKILL.md': skillMd('name: linked-file\ndescription: Links a file.'),
      'linked-dir/SKILL.md': skillMd('name: linked-dir\ndescription: Links a folder.'),
      'plain/SKILL.md': skillMd('name: plain\ndescription: Plain.'),
    });
    symlinkSync(join(outside, 'secret.txt'), join(dir, 'linked-file', 'secret.txt'));
    symlinkSync(outside, join(dir, 'linked-dir', 'refs'));
    symlinkSync(join(dir, 'plain', 'SKILL.md'), join(dir, 'plain-alias.md'));
    const source = folderSkills(dir);
    await assert.rejects(
      Promise.resolve().then(() => source.read('linked-file/secret.txt')),
      { code: 'ELOOP' },
    );
    await assert.rejects(
      Promise.resolve().then(() => source.read('linked-dir/refs/secret.txt')),
      /passes through a symlink/,
    );
    await assert.rejects(
      Promise.resolve().then(() => source.list('linked-dir/refs')),
      /passes through a symlink/,
    );
    await assert.rejects(
      Promise.resolve().then(() => source.describe!('linked-dir/refs/secret.txt')),
      /passes through a symlink/,
    );

    const { server, errors } = serve(dir);
    const pair = await connectPair(server, { protocolVersion: '2026-07-28' });
    assert.deepEqual(uris(await pair.client.request('skills/list', {})), ['skill://plain/SKILL.md']);
    const messages = errors.map((e) => e.message);
    assert.ok(
      messages.includes(
        'skills: linked-file/SKILL.md: the skill holds "linked-file/secret.txt", which is not a regular file (skill skipped)',
      ),
      messages.join('\n'),
    );
    assert.ok(
      messages.includes(
        'skills: linked-dir/SKILL.md: the skill holds "linked-dir/refs", which is not a regular file (skill skipped)',
      ),
      messages.join('\n'),
    );
    for (const uri of [
      'skill://linked-file/secret.txt',
      'skill://linked-dir/refs/secret.txt',
      'skill://plain-alias.md',
    ]) {
      await assert.rejects(pair.client.request('resources/read', { uri }), { code: -32602 });
    }
    await pair.close();
    await server.close();
  });

  it('refuses a file or folder swapped for a symlink after it was listed', async () => {
    const { dir, outside } = folderWith({
      'swap/SKILL.md': skillMd('name: swap\ndescription: Swapped.'),
      'swap/notes.txt': 'notes',
      'swap/refs/guide.md': 'guide',
    });
    const { server, errors } = serve(dir);
    const pair = await connectPair(server, { protocolVersion: '2025-11-25' });
    assert.deepEqual(uris(await pair.client.request('skills/list', {})), ['skill://swap/SKILL.md']);
    unlinkSync(join(dir, 'swap', 'notes.txt'));
    symlinkSync(join(outside, 'secret.txt'), join(dir, 'swap', 'notes.txt'));
    rmSync(join(dir, 'swap', 'refs'), { recursive: true });
    mkdirSync(join(outside, 'refs'));
    writeFileSync(join(outside, 'refs', 'guide.md'), 'TOP SECRET');
    symlinkSync(join(outside, 'refs'), join(dir, 'swap', 'refs'));
    for (const uri of ['skill://swap/notes.txt', 'skill://swap/refs/guide.md']) {
      await assert.rejects(pair.client.request('resources/read', { uri }), {
        code: -32603,
        message: `${uri} could not be read`,
      });
    }
    assert.ok(errors.some((e) => /swap\/notes\.txt: cannot be read/.test(e.message)));
    assert.ok(errors.some((e) => /swap\/refs\/guide\.md: cannot be read: .*passes through a symlink/.test(e.message)));
    assert.ok(!JSON.stringify(errors.map((e) => e.message)).includes('TOP SECRET'));
    await pair.close();
    await server.close();
  });

  it(
    'does not block on a FIFO, and never reads one',
    { skip: spawnSync('mkfifo', ['--version']).status !== 0 && 'no mkfifo here' },
    async () => {
      const { dir } = folderWith({ 'pipe/SKILL.md': skillMd('name: pipe\ndescription: Holds a FIFO.') });
      assert.equal(spawnSync('mkfifo', [join(dir, 'pipe', 'fifo')]).status, 0);
      const source = folderSkills(dir);
      await assert.rejects(
        Promise.resolve().then(() => source.read('pipe/fifo')),
        /is not a regular file/,
      );
      const { server, errors } = serve(dir);
      const pair = await connectPair(server, { protocolVersion: '2026-07-28' });
      assert.deepEqual(uris(await pair.client.request('skills/list', {})), []);
      assert.ok(errors.some((e) => /pipe\/fifo", which is not a regular file/.test(e.message)));
      await pair.close();
      await server.close();
    },
  );

  it('lists a file over maxFileBytes with its size and digest, and refuses to read it', async () => {
    const big = 'x'.repeat(300_000);
    const { dir } = folderWith({ 'data/SKILL.md': skillMd('name: data\ndescription: Data.'), 'data/big.csv': big });
    const { server } = serve(dir, { maxFileBytes: 100_000 });
    const pair = await connectPair(server, { protocolVersion: '2026-07-28' });
    const { skill } = (await pair.client.request('skills/get', { uri: 'skill://data/SKILL.md' })) as {
      skill: typeof PDF_ENTRY;
    };
    assert.deepEqual(skill.resources[1], resourceOf('skill://data/big.csv', big));
    await assert.rejects(pair.client.request('resources/read', { uri: 'skill://data/big.csv' }), {
      code: -32603,
      message:
        'skill://data/big.csv is 300000 bytes, over the 100000-byte limit of what this server reads for a client',
    });
    await pair.close();
    await server.close();
  });

  it('watches the folder when asked, and tells clients when a skill is added', async () => {
    const { dir } = folderWith({ 'one/SKILL.md': skillMd('name: one\ndescription: One.') });
    const { server } = serve(dir, { watch: { debounceMs: 20 } });
    const pair = await connectPair(server, { protocolVersion: '2025-11-25' });
    assert.deepEqual(uris(await pair.client.request('skills/list', {})), ['skill://one/SKILL.md']);
    const heard = new Promise<void>((resolve) => pair.client.on('resourcesListChanged', () => resolve()));
    mkdirSync(join(dir, 'two'));
    writeFileSync(join(dir, 'two', 'SKILL.md'), skillMd('name: two\ndescription: Two.'));
    await heard;
    const listed = (await pair.client.request('resources/list', {})) as { resources: { uri: string }[] };
    assert.deepEqual(
      listed.resources.map((r) => r.uri),
      ['skill://one/SKILL.md', 'skill://two/SKILL.md'],
    );
    await pair.close();
    await server.close();
  });
});
