// `mcpkit skills list|show|read|pull` as a user runs it: against the example server serving
// examples/skills (stdio), a configuration of two servers, and the official SDK's skills over
// Streamable HTTP, honest or lying (a tampered, longer or renamed SKILL.md: exit 1, nothing
// written). And `mcpkit example-server --skills DIR --watch`: a skill added to the folder is
// announced and listed.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { CLI, connectChild, nodeTransport, runCli, within } from '../helpers/e2e.js';
import { startSdkSkillsServer, type SdkSkillsMode } from '../helpers/sdk-skills-server.js';
import { FORMS_MD, PDF_SKILL_MD } from '../helpers/skills.js';
import type { V2HttpServer } from '../helpers/v2-http-server.js';

const SKILLS_DIR = fileURLToPath(new URL('../../../examples/skills', import.meta.url));
const EXAMPLE = ['--', process.execPath, CLI, 'example-server', '--skills', SKILLS_DIR];

describe('mcpkit skills', () => {
  let work: string;
  const sdk = new Map<SdkSkillsMode, V2HttpServer>();
  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'mcpkit-skills-cli-'));
    for (const mode of ['honest', 'digest', 'size', 'renamed'] as const)
      sdk.set(mode, await startSdkSkillsServer(mode));
  });
  after(async () => {
    for (const server of sdk.values()) await server.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("lists, shows and reads one server's skills, as text and as JSON", async () => {
    const list = await runCli(['skills', 'list', ...EXAMPLE]);
    assert.equal(list.code, 0, list.stderr);
    assert.match(list.stdout, /^commit-messages +Write a commit message a reviewer can trust\./m);
    assert.match(list.stdout, /^release-notes +Turn the changes merged/m);

    const json = await runCli(['skills', 'list', '--json', ...EXAMPLE]);
    const listed = JSON.parse(json.stdout) as { skills: { name: string; uri: string }[] };
    assert.deepEqual(
      listed.skills.map((s) => [s.name, s.uri]),
      [
        ['commit-messages', 'skill://commit-messages/SKILL.md'],
        ['mcp-tool-design', 'skill://mcp-tool-design/SKILL.md'],
        ['release-notes', 'skill://team/release-notes/SKILL.md'],
      ],
    );

    const show = await runCli(['skills', 'show', 'release-notes', ...EXAMPLE]);
    assert.equal(show.code, 0, show.stderr);
    assert.match(show.stdout, /^skill:\/\/team\/release-notes\/SKILL\.md$/m);
    assert.match(show.stdout, /^metadata: \{"audience":"users"\}$/m);
    assert.match(show.stdout, /^ {2}template\.md +\d+ bytes {2}sha256:[\da-f]{64}$/m);

    const body = await runCli(['skills', 'read', 'release-notes', ...EXAMPLE]);
    assert.equal(body.stdout, readFileSync(join(SKILLS_DIR, 'team/release-notes/SKILL.md'), 'utf8'));
    const file = await runCli(['skills', 'read', 'release-notes', 'template.md', '--json', ...EXAMPLE]);
    const read = JSON.parse(file.stdout) as Record<string, unknown>;
    assert.equal(read.text, readFileSync(join(SKILLS_DIR, 'team/release-notes/template.md'), 'utf8'));
    assert.equal(read.verified, true);
  });

  it('pulls a verified copy of a skill into a new folder, and never into one that holds files', async () => {
    const dir = join(work, 'pulled');
    const pull = await runCli(['skills', 'pull', 'commit-messages', dir, ...EXAMPLE]);
    assert.equal(pull.code, 0, pull.stderr);
    assert.match(pull.stderr, /wrote 2 verified files of commit-messages/);
    for (const path of ['SKILL.md', 'references/examples.md'])
      assert.equal(
        readFileSync(join(dir, path), 'utf8'),
        readFileSync(join(SKILLS_DIR, 'commit-messages', path), 'utf8'),
      );
    const again = await runCli(['skills', 'pull', 'mcp-tool-design', dir, ...EXAMPLE]);
    assert.equal(again.code, 2);
    assert.match(again.stderr, /is not empty/);
    assert.deepEqual(readdirSync(dir).sort(), ['SKILL.md', 'references']);
  });

  it('names skills <server>__<skill> with a configuration, and takes a name one server has', async () => {
    const config = join(work, 'mcp.json');
    const entry = { command: process.execPath, args: [CLI, 'example-server', '--skills', SKILLS_DIR] };
    writeFileSync(config, JSON.stringify({ mcpServers: { a: entry, b: { ...entry, args: [CLI, 'example-server'] } } }));
    const list = await runCli(['skills', 'list', '--config', config]);
    assert.equal(list.code, 0, list.stderr);
    assert.deepEqual(
      list.stdout
        .trim()
        .split('\n')
        .map((line) => line.split(/ +/)[0]),
      ['a__commit-messages', 'a__mcp-tool-design', 'a__release-notes'],
    );
    const read = await runCli(['skills', 'read', 'mcp-tool-design', 'checklist.md', '--config', config]);
    assert.equal(read.code, 0, read.stderr);
    assert.equal(read.stdout, readFileSync(join(SKILLS_DIR, 'mcp-tool-design/checklist.md'), 'utf8'));
  });

  it('says so for a server without skills, and for a skill it does not have', async () => {
    const none = await runCli(['skills', 'list', '--', process.execPath, CLI, 'example-server']);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /serves no skills/);
    const missing = await runCli(['skills', 'show', 'nope', ...EXAMPLE]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /no skill named nope \(there are: commit-messages, mcp-tool-design, release-notes\)/);
  });

  it("reads and pulls the official SDK's skills over HTTP, in either era", async () => {
    const url = sdk.get('honest')!.url;
    for (const era of ['legacy', 'modern']) {
      const read = await runCli(['skills', 'read', 'pdf-processing', '--era', era, '--', url]);
      assert.equal(read.code, 0, read.stderr);
      assert.equal(read.stdout, PDF_SKILL_MD);
    }
    const dir = join(work, 'sdk-pull');
    const pull = await runCli(['skills', 'pull', 'pdf-processing', dir, '--', url]);
    assert.equal(pull.code, 0, pull.stderr);
    assert.equal(readFileSync(join(dir, 'references/FORMS.md'), 'utf8'), FORMS_MD);
  });

  for (const [mode, reason] of [
    ['digest', /has digest sha256:[\da-f]{64}; the skill entry lists/],
    ['size', /is \d+ bytes; the skill entry lists \d+/],
    ['renamed', /name: the entry has "pdf-processing", SKILL\.md has "pdf-tools"/],
  ] as const) {
    it(`refuses the SKILL.md a lying SDK server serves (${mode}), exit 1, and pulls nothing`, async () => {
      const url = sdk.get(mode)!.url;
      const read = await runCli(['skills', 'read', 'pdf-processing', '--', url]);
      assert.equal(read.code, 1);
      assert.equal(read.stdout, '');
      assert.match(read.stderr, reason);
      const dir = join(work, `lying-${mode}`);
      const pull = await runCli(['skills', 'pull', 'pdf-processing', dir, '--', url]);
      assert.equal(pull.code, 1);
      assert.throws(() => readdirSync(dir), /ENOENT/);
    });
  }
});

describe('mcpkit example-server --skills DIR --watch', () => {
  it('announces a skill added to the folder, and lists it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpkit-skills-watch-'));
    mkdirSync(join(dir, 'first'));
    writeFileSync(join(dir, 'first/SKILL.md'), '---\nname: first\ndescription: The first skill.\n---\nBody.\n');
    const session = await connectChild(nodeTransport(CLI, ['example-server', '--skills', dir, '--watch']));
    try {
      const names = async () => {
        const out: string[] = [];
        for await (const skill of session.skills.list()) out.push(skill.frontmatter.name);
        return out;
      };
      assert.deepEqual(await names(), ['first']);
      const changed = new Promise<void>((resolve) => session.on('resourcesListChanged', () => resolve()));
      mkdirSync(join(dir, 'second'));
      writeFileSync(join(dir, 'second/SKILL.md'), '---\nname: second\ndescription: The second skill.\n---\nBody.\n');
      await within(changed, 10_000, 'the list change');
      assert.deepEqual(await names(), ['first', 'second']);
    } finally {
      await session.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
