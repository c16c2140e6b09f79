// What the inspector's Skills tab says of a skill: its name, its files as paths in its folder
// (SKILL.md first, nothing from outside the folder), and the verdict on a file read.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { skillFiles, skillName, verdict } from '../../../src/cli/inspect/page/skills-model.js';

describe('inspector page: skills', () => {
  const skill = {
    uri: 'skill://team/notes/SKILL.md',
    frontmatter: { name: 'notes', description: 'd' },
    resources: [
      { uri: 'skill://team/notes/b/x.md', size: 3 },
      { uri: 'skill://team/notes/SKILL.md', size: 10 },
      { uri: 'skill://team/other/SKILL.md', size: 1 },
      { uri: 'skill://team/notes/a.md' },
    ],
  };

  it('names a skill by its front matter, else its folder', () => {
    assert.equal(skillName(skill), 'notes');
    assert.equal(skillName({ uri: 'skill://a/b/SKILL.md', frontmatter: { name: 7 } }), 'b');
  });

  it('lists the files of its folder only, SKILL.md first', () => {
    assert.deepEqual(skillFiles(skill), [
      { path: 'SKILL.md', size: 10 },
      { path: 'a.md', size: undefined },
      { path: 'b/x.md', size: 3 },
    ]);
    assert.equal(skillFiles({ ...skill, resources: 'dynamic' }), 'dynamic');
  });

  it('says whether a file matched its entry, and why not', () => {
    assert.equal(
      verdict({ uri: 'u', size: 5, verified: true, text: 'hello', mimeType: 'text/plain' }),
      'Verified: size and digest match the entry (5 bytes, text/plain).',
    );
    assert.equal(
      verdict({ uri: 'u', size: 5, verified: true, body: '# x' }),
      'Verified: size, digest and front matter match the entry (5 bytes).',
    );
    assert.equal(
      verdict({ uri: 'u', size: 5, verified: false }),
      "Not verified: the skill's files are dynamic (5 bytes).",
    );
    assert.equal(
      verdict({
        uri: 'u',
        size: 0,
        verified: false,
        failure: { reason: 'digest', message: 'the digest differs', differences: [] },
      }),
      'Failed its check (digest): the digest differs',
    );
  });
});
