// `mcpkit init` as a person meets it in a terminal (a real pseudo-terminal, from tmux): the
// questions it asks, a name refused as it is typed, and a folder that is not empty, which it
// adds to only when told yes (it starts on No).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CLI } from '../helpers/e2e.js';
import { tmuxMissing, TmuxServer } from '../helpers/terminal.js';

const missing = tmuxMissing();

describe('mcpkit init in a terminal', { skip: missing ?? false, timeout: 90_000 }, () => {
  let tmux: TmuxServer;
  let root: string;
  before(() => {
    tmux = new TmuxServer();
    root = mkdtempSync(join(tmpdir(), 'mcpkit-init-terminal-'));
  });
  after(() => {
    tmux?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('asks the name, refuses one npm would refuse as typed, then writes the project', async () => {
    const dir = join(root, 'demo');
    const screen = tmux.start([process.execPath, CLI, 'init', dir]);
    await screen.waitFor(/◆ {2}Its npm package name[^\n]*\n│ {2}demo/, 'the name question, filled in with the folder');
    screen.keys('BSpace', 'BSpace', 'BSpace', 'BSpace');
    screen.type('My Server');
    screen.keys('Enter');
    await screen.waitFor('Not a valid npm package name: it has capital letters');
    assert.equal(existsSync(dir), false, 'nothing is written while it asks');
    for (let i = 0; i < 'My Server'.length; i++) screen.keys('BSpace');
    screen.type('my-server');
    screen.keys('Enter');
    const done = await screen.waitFor('Next:');
    assert.equal(await screen.exitStatus(), 0, done);
    assert.match(done, /8 files written/);
    assert.match(done, /cd .*demo\n\s+npm install/);
    assert.equal((JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string }).name, 'my-server');
  });

  it('in a folder that is not empty, asks where, then adds to it only on yes: Enter says no', async () => {
    const dir = join(root, 'busy');
    mkdirSync(dir);
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    const screen = tmux.start(['sh', '-c', 'cd "$0" && exec "$1" "$2" init', dir, process.execPath, CLI]);
    await screen.waitFor(/◆ {2}Where should the project go\?[^\n]*\n│ {2}my-mcp-server/, 'the folder question');
    for (let i = 0; i < 'my-mcp-server'.length; i++) screen.keys('BSpace');
    screen.type('.');
    screen.keys('Enter');
    await screen.waitFor(/◆ {2}Its npm package name[^\n]*\n│ {2}busy/, 'the name question');
    screen.keys('Enter');
    await screen.waitFor(/is not empty \(1 entry\)\. Add the project beside it\?[\s\S]*● No/, 'the question, on No');
    screen.keys('Enter');
    const cancelled = await screen.waitFor('Cancelled: nothing was written.');
    assert.equal(await screen.exitStatus(), 1, cancelled);
    assert.deepEqual(readdirSync(dir), ['notes.txt']);
  });
});
