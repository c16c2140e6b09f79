// The host's skills: every server's skills in the catalog (named like tools), read verified
// through consent, and offered to a model by progressive disclosure: names and descriptions in
// the system prompt, bodies and files only through the host's read_skill tool. Two example
// servers over stdio serve examples/skills (one trusted, one not); the model is the scripted
// stand-in of the OpenAI API on a real socket.
import assert from 'node:assert/strict';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { SkillVerificationError } from '../../src/client/index.js';
import {
  ConsentDeniedError,
  Host,
  NotInCatalogError,
  openaiModel,
  type ChatEvent,
  type ConsentRequest,
  type HostOptions,
} from '../../src/host/index.js';
import { CLI, within } from '../helpers/e2e.js';
import { startScriptedLlm, type ScriptedLlm } from '../helpers/scripted-llm.js';

const SKILLS_DIR = fileURLToPath(new URL('../../../examples/skills', import.meta.url));
const serving = (trusted: boolean) => ({
  type: 'stdio' as const,
  command: process.execPath,
  args: [CLI, 'example-server', '--skills', SKILLS_DIR],
  trusted,
});
const servers = { team: serving(true), web: serving(false) };

function host(options: Partial<HostOptions> = {}): Host {
  return new Host({ servers, eraCache: false, ...options });
}

async function collect(events: AsyncIterable<ChatEvent>): Promise<ChatEvent[]> {
  const all: ChatEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

describe("the host's skills", () => {
  it('lists every server’s skills by catalog name', async () => {
    const h = host();
    try {
      const skills = await h.skills();
      assert.deepEqual(
        skills.map((s) => [s.name, s.server, s.skill.uri]),
        [
          ['team__commit-messages', 'team', 'skill://commit-messages/SKILL.md'],
          ['team__mcp-tool-design', 'team', 'skill://mcp-tool-design/SKILL.md'],
          ['team__release-notes', 'team', 'skill://team/release-notes/SKILL.md'],
          ['web__commit-messages', 'web', 'skill://commit-messages/SKILL.md'],
          ['web__mcp-tool-design', 'web', 'skill://mcp-tool-design/SKILL.md'],
          ['web__release-notes', 'web', 'skill://team/release-notes/SKILL.md'],
        ],
      );
      assert.deepEqual(
        (await h.skills({ servers: ['web'] })).map((s) => s.name),
        ['web__commit-messages', 'web__mcp-tool-design', 'web__release-notes'],
      );
    } finally {
      await h.close();
    }
  });

  it("reads a trusted server's skill unasked, and asks for another's; always holds", async () => {
    const asked: ConsentRequest[] = [];
    let answer: 'deny' | 'always' = 'deny';
    const h = host({ consent: (request) => (asked.push(request), answer) });
    try {
      const trusted = await h.readSkill('team__commit-messages');
      assert.equal(trusted.verified, true);
      assert.equal(trusted.frontmatter?.name, 'commit-messages');
      assert.equal(asked.length, 0);

      await assert.rejects(h.readSkill('web__commit-messages'), ConsentDeniedError);
      assert.equal(asked.length, 1);
      const request = asked[0]!;
      assert.ok(request.kind === 'skill');
      assert.deepEqual(
        [request.server, request.name, request.uri, request.trusted],
        ['web', 'web__commit-messages', 'skill://commit-messages/SKILL.md', false],
      );
      assert.equal(request.skill.frontmatter.name, 'commit-messages');

      answer = 'always';
      await h.readSkill('web__commit-messages');
      const file = await h.readSkill('web__commit-messages', 'references/examples.md');
      assert.match(file.text!, /^# Commit messages, good and bad/);
      assert.equal(asked.length, 2, 'always: the skill is not asked about again');
      // Approved by the caller (the command line's own reads): not asked.
      await h.readSkill('web__release-notes', 'template.md', { approved: true });
      assert.equal(asked.length, 2);
    } finally {
      await h.close();
    }
  });

  it('refuses a skill not in the catalog, and a file its skill does not list', async () => {
    const h = host();
    try {
      await assert.rejects(h.readSkill('team__nope'), NotInCatalogError);
      await assert.rejects(h.readSkill('team__commit-messages', '../mcp-tool-design/SKILL.md'), SkillVerificationError);
    } finally {
      await h.close();
    }
  });
});

describe('skills offered to a model', () => {
  let llm: ScriptedLlm;
  before(async () => {
    llm = await startScriptedLlm([]);
  });
  after(() => llm.close());
  const model = () => openaiModel({ model: 'gpt-test', baseUrl: llm.openaiBaseUrl, apiKey: 'sk-test' });

  it('lists names and descriptions up front, and gives a body and its files only when asked', async () => {
    const h = host({ model: model(), servers: { team: serving(true) } });
    const first = llm.requests.length;
    llm.push(
      { toolCalls: [{ name: 'read_skill', arguments: { skill: 'team__commit-messages' } }] },
      {
        toolCalls: [
          { name: 'read_skill', arguments: { skill: 'team__commit-messages', path: 'references/examples.md' } },
        ],
      },
      { toolCalls: [{ name: 'read_skill', arguments: { skill: 'team__nope' } }] },
      { text: ['Done.'] },
    );
    try {
      const events = await within(
        collect(h.chat([{ role: 'user', content: 'Write a commit message.' }], { system: 'Be brief.' })),
        30_000,
        'the turn',
      );
      const [offer, afterBody, afterFile] = llm.requests.slice(first).map((r) => JSON.stringify(r.body));
      // Up front: each skill's name and description, not its body.
      assert.match(offer!, /Be brief\./);
      assert.match(offer!, /<available_skills>/);
      assert.match(offer!, /<name>team__commit-messages<\/name>/);
      assert.match(offer!, /Write a commit message a reviewer can trust/);
      assert.doesNotMatch(offer!, /Read the staged diff first/);
      assert.match(offer!, /"name":"read_skill"/);
      // Asked for: the body, with the skill's other files named; then a file.
      assert.match(afterBody!, /Read the staged diff first/);
      assert.match(afterBody!, /Files of this skill: references\/examples\.md/);
      assert.match(afterFile!, /Commit messages, good and bad/);

      const calls = events.filter((e) => e.type === 'tool_call');
      assert.deepEqual(
        calls.map((e) => e.type === 'tool_call' && e.server),
        ['team', 'team', undefined],
      );
      const results = events.filter((e) => e.type === 'tool_result');
      const last = results.at(-1);
      assert.ok(last?.type === 'tool_result');
      assert.equal(last.result.isError, true);
      assert.match(JSON.stringify(last.result.content), /There is no skill named team__nope/);
      assert.equal(events.at(-1)?.type, 'done');
    } finally {
      await h.close();
    }
  });

  it('offers no skills with skills: false, and only those chosen otherwise', async () => {
    const h = host({ model: model(), servers: { team: serving(true) } });
    const first = llm.requests.length;
    llm.push({ text: ['One.'] }, { text: ['Two.'] });
    try {
      await collect(h.chat([{ role: 'user', content: 'Hi' }], { skills: false }));
      await collect(h.chat([{ role: 'user', content: 'Hi' }], { skills: (s) => s.name === 'team__release-notes' }));
      const [none, chosen] = llm.requests.slice(first).map((r) => JSON.stringify(r.body));
      assert.doesNotMatch(none!, /available_skills|read_skill/);
      assert.match(chosen!, /team__release-notes/);
      assert.doesNotMatch(chosen!, /team__commit-messages/);
    } finally {
      await h.close();
    }
  });
});
