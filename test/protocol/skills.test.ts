// The Skills extension's shared rules (src/protocol/skills/): front matter as YAML 1.2 reads it,
// the URIs of skills, the checks of an entry, digests and MIME types.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'yaml';
import { sha256Digest } from '../../src/protocol/skills/digest.js';
import { frontmatterProblems, skillEntryProblems } from '../../src/protocol/skills/entry-checks.js';
import { FrontmatterError, parseSkillMarkdown, splitFrontmatter } from '../../src/protocol/skills/frontmatter.js';
import { skillFileMimeType } from '../../src/protocol/skills/mime.js';
import { isWithinSkill, skillFileKey, skillFolderName, skillRootUri, skillUri } from '../../src/protocol/skills/uri.js';
import { methodAllowed, requiredCapability } from '../../src/protocol/methods.js';
import { GUARDS } from '../../src/types/guards/index.js';
import { hasMethod, methodInfo, METHODS, type MethodTable } from '../../src/types/methods.js';
import { ALL, REVISIONS } from '../../src/types/revisions.js';
import { digestOf, PDF_ENTRY } from '../helpers/skills.js';

const { 'skills/list': _gone, ...withoutSkillsList } = METHODS;
// @ts-expect-error skills/list is a method of the Skills extension: the table must have it
const _missing: MethodTable = withoutSkillsList;
// @ts-expect-error no revision defines skills/get: it has the extension's span, none of its own
const _spanned: MethodTable = { ...METHODS, 'skills/get': { ...METHODS['skills/get'], client: ALL } };

describe('the methods of the Skills extension in the method table', () => {
  it('are sent by clients in every revision, by the extension alone, needing no capability', () => {
    for (const method of ['skills/list', 'skills/get', 'resources/directory/read']) {
      assert.equal(methodInfo(method)?.extension?.id, 'io.modelcontextprotocol/skills');
      for (const revision of REVISIONS) {
        assert.equal(methodAllowed(method, revision, 'client', 'request'), true, `${method} ${revision}`);
        assert.equal(methodAllowed(method, revision, 'server', 'request'), false, `${method} ${revision}`);
        assert.equal(hasMethod(method, revision), false, 'no revision defines it');
      }
      assert.equal(requiredCapability(method, '2026-07-28'), undefined);
    }
    assert.equal(GUARDS.ListSkillsRequest, undefined, "GUARDS holds the schemas' definitions only");
    assert.equal(methodInfo('skills/get')?.params({ uri: 'skill://a/SKILL.md' }), undefined);
    assert.equal(methodInfo('skills/get')?.result?.({ skill: PDF_ENTRY }), undefined);
    assert.equal(methodInfo('skills/list')?.result?.({ skills: [{ ...PDF_ENTRY, resources: 'dynamic' }] }), undefined);
    assert.match(
      methodInfo('skills/list')?.result?.({ skills: [{ ...PDF_ENTRY, resources: 'later' }] }) ?? '',
      /resources/,
    );
  });
});

describe('front matter', () => {
  it('reads YAML 1.2 under the core schema, as the conformance suite parses it', async () => {
    const yaml = [
      'name: pdf',
      'description: "Fill forms: quickly"',
      'version: 1.0',
      'list: [a, 1, true]',
      'date: 2024-01-01',
      'yes_is: yes',
      'hex: 0x1F',
      'nothing: ~',
      'multiline: |',
      '  line1',
      '  line2',
      'folded: >',
      '  a',
      '  b',
      'allowed-tools: Bash(git:*) Read',
      'metadata:',
      '  author: me',
    ].join('\n');
    const { frontmatter, body } = await parseSkillMarkdown(
      `\uFEFF---\r\n${yaml.replace(/\n/g, '\r\n')}\r\n---\r\n\r\n# Body\r\n`,
    );
    assert.deepEqual(frontmatter, parse(yaml));
    assert.deepEqual(frontmatter, {
      name: 'pdf',
      description: 'Fill forms: quickly',
      version: 1,
      list: ['a', 1, true],
      date: '2024-01-01',
      yes_is: 'yes',
      hex: 31,
      nothing: null,
      multiline: 'line1\nline2\n',
      folded: 'a b\n',
      'allowed-tools': 'Bash(git:*) Read',
      metadata: { author: 'me' },
    });
    assert.equal(body, '\n# Body\n');
    assert.deepEqual((await parseSkillMarkdown('---\n---\nbody')).frontmatter, {});
  });

  it('refuses what JSON cannot carry, anchors, aliases, tags, odd keys and bad delimiters', async () => {
    const cases: [string, RegExp][] = [
      ['no front matter', /^line 1: SKILL\.md must begin with a "---" line$/],
      ['---\nname: x\n', /^frontmatter has no closing "---" line$/],
      ['---\nname: x\nx: .inf\n---\n', /^line 3: "\.inf" cannot be represented in JSON; quote it$/],
      ['---\nx: .nan\n---\n', /cannot be represented in JSON/],
      ['---\nx: 1e400\n---\n', /cannot be represented in JSON/],
      ['---\nx: -0\n---\n', /cannot be represented in JSON/],
      ['---\na: &x 1\nb: *x\n---\n', /^line 2: anchors, aliases and tags are not supported$/],
      ['---\na: !!str 1\n---\n', /anchors, aliases and tags are not supported/],
      ['---\n1: a\n---\n', /^line 2: key "1" must be a string; quote it$/],
      ['---\ntrue: a\n---\n', /key "true" must be a string/],
      ['---\n? [a]\n: 1\n---\n', /complex keys are not supported/],
      ['---\n__proto__: {}\n---\n', /^line 2: the key "__proto__" is not supported$/],
      ['---\na: 1\na: 2\n---\n', /^line 3: Map keys must be unique/],
      ['---\n- a\n- b\n---\n', /^frontmatter must be a mapping of keys to values$/],
      ['---\nplain\n---\n', /must be a mapping/],
      ['---\na: b: c\n---\n', /^line 2: /],
      ['---\na:\n\t- b\n---\n', /^line 3: Tabs are not allowed/],
    ];
    for (const [text, message] of cases) {
      await assert.rejects(parseSkillMarkdown(text), (e: unknown) => {
        assert.ok(e instanceof FrontmatterError, `${JSON.stringify(text)}: ${String(e)}`);
        assert.match(e.message, message, JSON.stringify(text));
        return true;
      });
    }
    assert.deepEqual(splitFrontmatter('---\na: 1\n---   \nrest'), { yaml: 'a: 1', body: 'rest' });
  });
});

describe('skill URIs', () => {
  it('spells a skill path as a URI that reads back the same, or not at all', () => {
    assert.equal(skillUri(['pdf-processing', 'SKILL.md']), 'skill://pdf-processing/SKILL.md');
    assert.equal(skillUri(['team', 'review', 'Q&A notes.md']), 'skill://team/review/Q%26A%20notes.md');
    assert.equal(skillUri(['a', 'b%2Fc', 'x\\y']), 'skill://a/b%252Fc/x%5Cy');
    assert.equal(skillUri(['a', '..']), undefined, 'a URL takes it as a step up');
    assert.equal(skillUri(['a', '\ud800']), undefined, 'a lone surrogate');
    assert.equal(skillUri(['a', '']), undefined);
    assert.equal(skillUri([]), undefined);
  });

  it('finds the folder of a SKILL.md URI and the name it must have', () => {
    assert.equal(skillRootUri('skill://pdf-processing/SKILL.md'), 'skill://pdf-processing');
    assert.equal(skillRootUri('SKILL://team/review/SKILL.md'), 'skill://team/review');
    for (const uri of [
      'skill://SKILL.md',
      'skill://a//SKILL.md',
      'skill://a/skill.md',
      'skill://a/SKILL.md#x',
      'skill://a/SKILL.md?q',
      'nope',
    ]) {
      assert.equal(skillRootUri(uri), undefined, uri);
    }
    assert.equal(skillFolderName('skill://team/review'), 'review');
    assert.equal(skillFolderName('skill://solo'), 'solo');
  });

  it('tells what lies inside a skill, and names a file one way whatever its spelling', () => {
    const root = 'skill://pdf';
    assert.equal(isWithinSkill('skill://pdf/references/FORMS.md', root), true);
    assert.equal(isWithinSkill('skill://pdf-other/x', root), false);
    assert.equal(isWithinSkill('skill://pdf/a%2Fb', root), false);
    assert.equal(isWithinSkill('skill://team/review/%2e%2e/other/x', 'skill://team/review'), false);
    assert.equal(isWithinSkill('skill://team/review/../other/x', 'skill://team/review'), false);
    assert.equal(isWithinSkill('skill://pdf/a%00', root), false);
    assert.equal(skillFileKey('skill://pdf/Q&A.md'), skillFileKey('skill://pdf/Q%26A.md'));
    assert.equal(skillFileKey('skill://pdf/a.md#part'), skillFileKey('skill://pdf/a.md'));
    assert.notEqual(skillFileKey('skill://pdf/a%2Fb'), skillFileKey('skill://pdf/a/b'));
    assert.equal(skillFileKey('skill://pdf/a?x'), undefined);
    assert.equal(skillFileKey('skill://user@pdf/a'), undefined);
  });
});

describe('skill entries', () => {
  it('accept a valid entry and name each broken rule', () => {
    assert.deepEqual(skillEntryProblems(PDF_ENTRY), []);
    const broken = {
      uri: 'skill://pdf-processing/SKILL.md',
      frontmatter: { name: 'pdf-processing', description: 'x' },
      resources: [
        { uri: 'skill://pdf-processing/a.md', digest: 'sha256:ABC', size: -1 },
        { uri: 'skill://pdf-processing/a.md', digest: digestOf('a'), size: 1 },
        { uri: 'skill://elsewhere/b.md', digest: digestOf('b'), size: 1 },
        { uri: 'skill://pdf-processing/c.md?x', digest: digestOf('c'), size: 1 },
      ],
    };
    assert.deepEqual(skillEntryProblems(broken), [
      'resource "skill://pdf-processing/a.md": digest must be "sha256:" followed by 64 lowercase hexadecimal characters',
      'resource "skill://pdf-processing/a.md": size must be a whole number of bytes',
      'resource "skill://pdf-processing/a.md" is listed more than once',
      'resource "skill://elsewhere/b.md" is outside the skill directory skill://pdf-processing',
      'resource "skill://pdf-processing/c.md?x" must not have a query or fragment',
      'resources must include skill://pdf-processing/SKILL.md',
    ]);
    assert.deepEqual(skillEntryProblems({ ...PDF_ENTRY, uri: 'skill://pdf-processing/README.md' }).slice(0, 1), [
      'uri "skill://pdf-processing/README.md" must be a URI ending in /SKILL.md inside a named directory',
    ]);
  });

  it('hold names and descriptions to the Agent Skills rules', () => {
    const problems = (frontmatter: Record<string, unknown>) =>
      frontmatterProblems({ name: 'ok', description: 'd', ...frontmatter }, 'ok');
    assert.deepEqual(problems({}), []);
    assert.deepEqual(problems({ name: 'a'.repeat(64) }), [
      `frontmatter name "${'a'.repeat(64)}" must match the last path segment "ok"`,
    ]);
    for (const name of ['Bad', 'a--b', '-a', 'a-', '', 'a'.repeat(65), 'ünï', 'a_b']) {
      assert.deepEqual(problems({ name }), [
        `frontmatter name ${JSON.stringify(name)} must be 1-64 lowercase letters, digits and single hyphens`,
      ]);
    }
    assert.deepEqual(problems({ description: '' }), ['frontmatter description must be 1-1024 characters']);
    assert.deepEqual(problems({ description: '€'.repeat(1024) }), []);
    assert.deepEqual(problems({ description: 'x'.repeat(1025) }), [
      'frontmatter description must be 1-1024 characters',
    ]);
    assert.deepEqual(problems({ compatibility: '' }), [
      'frontmatter compatibility must be a string of 1-500 characters',
    ]);
    assert.deepEqual(problems({ metadata: { a: 1 } }), ['frontmatter metadata must map strings to strings']);
  });
});

describe('digests and MIME types', () => {
  it('digest bytes as node:crypto does', async () => {
    for (const data of ['', 'hello', new Uint8Array([0, 255, 1])]) {
      const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
      assert.equal(await sha256Digest(bytes), digestOf(data));
    }
  });

  it('type files by their extension', () => {
    assert.equal(skillFileMimeType('SKILL.md'), 'text/markdown');
    assert.equal(skillFileMimeType('run.PY'), 'text/x-python');
    assert.equal(skillFileMimeType('logo.png'), 'image/png');
    assert.equal(skillFileMimeType('.env'), 'application/octet-stream');
    assert.equal(skillFileMimeType('Makefile'), 'application/octet-stream');
    assert.equal(skillFileMimeType('data.bin'), 'application/octet-stream');
  });
});
