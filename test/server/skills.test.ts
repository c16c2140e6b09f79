// The Skills extension served (io.modelcontextprotocol/skills), over the in-memory pair in both
// eras: the declaration, skills/list and skills/get, directory reads, reads of skill files as
// text or blobs, resources/list, and the errors of each. Digests and sizes are worked out with
// node:crypto in test/helpers/skills.ts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { JsonRpcError } from '../../src/jsonrpc/errors.js';
import { Server, skillsFromFiles, type ServerOptions, type SkillsOptions } from '../../src/server/index.js';
import { connectPair } from '../../src/testing/index.js';
import type { ClientSession } from '../../src/client/client-session.js';
import { FIXTURE, FORMS_MD, LOGO_PNG, PDF_ENTRY, PDF_SKILL_MD, resourceOf, REVIEW_ENTRY } from '../helpers/skills.js';

const ERAS = ['2025-11-25', '2026-07-28'] as const;
type Reply = Record<string, unknown>;

function serve(
  files: Record<string, string | Uint8Array> = FIXTURE,
  options: Omit<SkillsOptions, 'source'> = {},
  server: ServerOptions = {},
) {
  const errors: Error[] = [];
  const instance = new Server(
    { name: 'skills', version: '1.0.0' },
    { onError: (e) => errors.push(e), ...server, skills: { source: skillsFromFiles(files), ...options } },
  );
  return { server: instance, errors };
}

const call = (session: ClientSession, method: string, params: Record<string, unknown> = {}) =>
  session.request(method, params) as Promise<Reply>;

/** The result less what the modern revision adds to every result. */
function bare(result: Reply): Reply {
  const { _meta: _ignored, resultType: _type, ...rest } = result;
  return rest;
}

async function rejects(promise: Promise<unknown>, code: number, message: string, data?: unknown) {
  await assert.rejects(promise, (e: unknown) => {
    assert.ok(e instanceof JsonRpcError, String(e));
    assert.equal(e.code, code);
    assert.equal(e.message, message);
    if (data !== undefined) assert.deepEqual(e.data, data);
    return true;
  });
}

for (const version of ERAS) {
  const modern = version === '2026-07-28';
  const hints = modern ? { ttlMs: 0, cacheScope: 'private' } : {};

  describe(`skills in ${version}`, () => {
    it('declares the extension with directoryRead, and resources', async () => {
      const { server } = serve();
      const pair = await connectPair(server, { protocolVersion: version });
      const capabilities = pair.client.serverCapabilities;
      assert.deepEqual(capabilities.extensions, { 'io.modelcontextprotocol/skills': { directoryRead: true } });
      assert.ok(capabilities.resources);
      await pair.close();
    });

    it('lists every valid skill in URI order, each file with its digest and size', async () => {
      const { server, errors } = serve();
      const pair = await connectPair(server, { protocolVersion: version });
      const listed = await call(pair.client, 'skills/list');
      assert.deepEqual(bare(listed), { skills: [PDF_ENTRY, REVIEW_ENTRY], ...hints });
      assert.equal(listed.resultType, modern ? 'complete' : undefined);
      assert.deepEqual(errors, []);
      await pair.close();
    });

    it('gets a skill by its SKILL.md URI, and refuses any other URI', async () => {
      const { server } = serve();
      const pair = await connectPair(server, { protocolVersion: version });
      const got = await call(pair.client, 'skills/get', { uri: 'skill://team/review/SKILL.md' });
      assert.deepEqual(bare(got), { skill: REVIEW_ENTRY, ...hints });
      for (const uri of [
        'skill://mcp-conformance-nonexistent-skill-9f3a2b/SKILL.md',
        'skill://pdf-processing/references/FORMS.md',
        'skill://pdf-processing',
        'not a uri',
      ]) {
        await rejects(call(pair.client, 'skills/get', { uri }), -32602, `No skill is served at ${uri}`);
      }
      await rejects(
        call(pair.client, 'skills/get', {}),
        -32602,
        'Invalid params for skills/get: params.uri: missing required property',
      );
      await pair.close();
    });

    it('reads the children of a skill folder and of a folder inside one', async () => {
      const { server } = serve();
      const pair = await connectPair(server, { protocolVersion: version });
      const root = await call(pair.client, 'resources/directory/read', { uri: 'skill://pdf-processing' });
      assert.deepEqual(bare(root), {
        resources: [
          {
            uri: 'skill://pdf-processing/SKILL.md',
            name: 'SKILL.md',
            mimeType: 'text/markdown',
            size: PDF_ENTRY.resources[0]!.size,
          },
          { uri: 'skill://pdf-processing/assets', name: 'assets', mimeType: 'inode/directory' },
          { uri: 'skill://pdf-processing/references', name: 'references', mimeType: 'inode/directory' },
        ],
        ...hints,
      });
      const references = await call(pair.client, 'resources/directory/read', {
        uri: 'skill://pdf-processing/references',
      });
      assert.deepEqual(bare(references), {
        resources: [
          { uri: 'skill://pdf-processing/references/FORMS.md', name: 'FORMS.md', mimeType: 'text/markdown', size: 23 },
        ],
        ...hints,
      });
      for (const uri of [
        'skill://pdf-processing/SKILL.md',
        'skill://team',
        'skill://nothing',
        'skill://pdf-processing/.secret',
        '%',
      ]) {
        await rejects(
          call(pair.client, 'resources/directory/read', { uri }),
          -32602,
          `${uri} is not a directory resource`,
        );
      }
      await pair.close();
    });

    it('reads UTF-8 files as text and others as base64 blobs', async () => {
      const { server } = serve();
      const pair = await connectPair(server, { protocolVersion: version });
      const skill = await call(pair.client, 'resources/read', { uri: 'skill://pdf-processing/SKILL.md' });
      assert.deepEqual(bare(skill), {
        contents: [{ uri: 'skill://pdf-processing/SKILL.md', mimeType: 'text/markdown', text: PDF_SKILL_MD }],
        ...hints,
      });
      const forms = await call(pair.client, 'resources/read', { uri: 'skill://pdf-processing/references/FORMS.md' });
      assert.deepEqual((forms.contents as Reply[])[0]?.text, FORMS_MD);
      const logo = await call(pair.client, 'resources/read', { uri: 'skill://pdf-processing/assets/logo.png' });
      assert.deepEqual(bare(logo), {
        contents: [
          {
            uri: 'skill://pdf-processing/assets/logo.png',
            mimeType: 'image/png',
            blob: Buffer.from(LOGO_PNG).toString('base64'),
          },
        ],
        ...hints,
      });
      await pair.close();
    });

    it('refuses folders, hidden files and every path that leaves a skill', async () => {
      const { server } = serve();
      const pair = await connectPair(server, { protocolVersion: version });
      const notFound = modern ? -32602 : -32002;
      await rejects(
        call(pair.client, 'resources/read', { uri: 'skill://pdf-processing/references' }),
        -32602,
        'skill://pdf-processing/references is a directory; use resources/directory/read',
        { uri: 'skill://pdf-processing/references' },
      );
      for (const uri of [
        'skill://pdf-processing/.secret',
        'skill://.git/config',
        'skill://pdf-processing/references%2FFORMS.md',
        'skill://pdf-processing/%2e%2e/team/review/x',
        'skill://pdf-processing/../../etc/passwd',
        'skill://pdf-processing/references/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
        'skill://pdf-processing/SKILL.md?x=1',
        'skill://team/SKILL.md',
      ]) {
        await rejects(call(pair.client, 'resources/read', { uri }), notFound, `Resource not found: ${uri}`);
      }
      await pair.close();
    });

    it('lists each SKILL.md in resources/list, and the template of skill files', async () => {
      const { server } = serve();
      const pair = await connectPair(server, { protocolVersion: version });
      const listed = await call(pair.client, 'resources/list');
      assert.deepEqual(listed.resources, [
        {
          uri: 'skill://pdf-processing/SKILL.md',
          name: 'pdf-processing',
          description: PDF_ENTRY.frontmatter.description,
          mimeType: 'text/markdown',
          size: PDF_ENTRY.resources[0]!.size,
        },
        {
          uri: 'skill://team/review/SKILL.md',
          name: 'review',
          description: 'Review a pull request.',
          mimeType: 'text/markdown',
          size: REVIEW_ENTRY.resources[0]!.size,
        },
      ]);
      const templates = await call(pair.client, 'resources/templates/list');
      assert.deepEqual(templates.resourceTemplates, [
        { name: 'io.modelcontextprotocol/skills', uriTemplate: 'skill://{+path}' },
      ]);
      await pair.close();
    });
  });
}

describe('skills: caching hints and pages', () => {
  it('puts the cache option on results of 2026-07-28 only', async () => {
    const { server } = serve(FIXTURE, { cache: { ttlMs: 60_000, cacheScope: 'public' } });
    const modern = await connectPair(server, { protocolVersion: '2026-07-28' });
    for (const [method, params] of [
      ['skills/list', {}],
      ['skills/get', { uri: PDF_ENTRY.uri }],
      ['resources/directory/read', { uri: 'skill://pdf-processing' }],
      ['resources/read', { uri: PDF_ENTRY.uri }],
    ] as const) {
      const result = await call(modern.client, method, params);
      assert.equal(result.ttlMs, 60_000, method);
      assert.equal(result.cacheScope, 'public', method);
      assert.equal(result.resultType, 'complete', method);
    }
    const legacy = await connectPair(server, { protocolVersion: '2025-11-25' });
    const result = await call(legacy.client, 'skills/list');
    assert.equal('ttlMs' in result || 'cacheScope' in result || 'resultType' in result, false);
    await modern.close();
    await legacy.close();
  });

  it('refuses options that cannot work, naming them', () => {
    const source = skillsFromFiles({});
    assert.throws(
      () => new Server({ name: 's', version: '1' }, { skills: { source, pageSize: 0 } }),
      /skills\.pageSize/,
    );
    assert.throws(
      () => new Server({ name: 's', version: '1' }, { skills: { source, cache: { ttlMs: -1 } } }),
      /skills\.cache\.ttlMs/,
    );
    assert.throws(
      () =>
        new Server({ name: 's', version: '1' }, { skills: { source, cache: { cacheScope: 'shared' as 'public' } } }),
      /skills\.cache\.cacheScope/,
    );
    assert.throws(() => skillsFromFiles({ '../x/SKILL.md': 'x' }), TypeError);
    assert.throws(() => skillsFromFiles({ '/abs/SKILL.md': 'x' }), TypeError);
    assert.throws(() => skillsFromFiles({ 'a/./SKILL.md': 'x' }), TypeError);
    assert.throws(() => skillsFromFiles({ a: 'x', 'a/b': 'y' }), /both a file and a folder/);
  });

  it('pages a thousand skills in URI order, each once, with the cursor of the SDK', async () => {
    const files: Record<string, string> = {};
    const names: string[] = [];
    for (let i = 0; i < 1000; i++) {
      const name = `skill-${String(i).padStart(4, '0')}`;
      names.push(name);
      files[`${name}/SKILL.md`] = `---\nname: ${name}\ndescription: Skill number ${i}.\n---\n`;
    }
    const { server, errors } = serve(files);
    for (const version of ERAS) {
      const pair = await connectPair(server, { protocolVersion: version });
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await call(pair.client, 'skills/list', cursor === undefined ? {} : { cursor });
        pages++;
        seen.push(...(page.skills as { uri: string }[]).map((s) => s.uri));
        cursor = page.nextCursor as string | undefined;
        if (cursor !== undefined) {
          assert.equal(Buffer.from(cursor, 'base64url').toString(), `after:${seen.at(-1)}`);
          assert.ok(!cursor.includes('='));
        }
      } while (cursor !== undefined);
      assert.equal(pages, 10);
      assert.deepEqual(
        seen,
        names.map((n) => `skill://${n}/SKILL.md`),
      );
      const last = Buffer.from(`after:${seen.at(-1)}`).toString('base64url');
      assert.deepEqual((await call(pair.client, 'skills/list', { cursor: last })).skills, []);
      for (const cursor of ['nope!', Buffer.from('before:x').toString('base64url'), '']) {
        await rejects(call(pair.client, 'skills/list', { cursor }), -32602, 'Invalid cursor');
        await rejects(
          call(pair.client, 'resources/directory/read', { uri: 'skill://skill-0001', cursor }),
          -32602,
          'Invalid cursor',
        );
      }
      await pair.close();
    }
    assert.deepEqual(errors, []);
  });

  it('pages a folder by the page size', async () => {
    const files: Record<string, string> = { 'big/SKILL.md': '---\nname: big\ndescription: Many files.\n---\n' };
    for (let i = 0; i < 5; i++) files[`big/f${i}.txt`] = `${i}`;
    const { server } = serve(files, { pageSize: 2 });
    const pair = await connectPair(server, { protocolVersion: '2026-07-28' });
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await call(pair.client, 'resources/directory/read', {
        uri: 'skill://big',
        ...(cursor ? { cursor } : {}),
      });
      names.push(...(page.resources as { name: string }[]).map((r) => r.name));
      cursor = page.nextCursor as string | undefined;
    } while (cursor !== undefined);
    assert.deepEqual(names, ['SKILL.md', 'f0.txt', 'f1.txt', 'f2.txt', 'f3.txt', 'f4.txt']);
    await pair.close();
  });
});

describe('skills: files too large, and files that change', () => {
  it('lists a file over the source limit and refuses to read it', async () => {
    const big = 'x'.repeat(2000);
    const source = skillsFromFiles(
      { 'data/SKILL.md': '---\nname: data\ndescription: Data.\n---\n', 'data/big.csv': big },
      { maxFileBytes: 1000 },
    );
    const server = new Server({ name: 's', version: '1' }, { skills: source, onError: () => {} });
    const pair = await connectPair(server, { protocolVersion: '2025-11-25' });
    const { skill } = (await call(pair.client, 'skills/get', { uri: 'skill://data/SKILL.md' })) as {
      skill: typeof PDF_ENTRY;
    };
    assert.deepEqual(skill.resources[1], resourceOf('skill://data/big.csv', big));
    await rejects(
      call(pair.client, 'resources/read', { uri: 'skill://data/big.csv' }),
      -32603,
      'skill://data/big.csv is 2000 bytes, over the 1000-byte limit of what this server reads for a client',
    );
    await pair.close();
  });

  it('refuses a file whose bytes no longer match the manifest, and loads the skills again', async () => {
    const inner = skillsFromFiles({ 'one/SKILL.md': '---\nname: one\ndescription: One.\n---\n', 'one/a.txt': 'first' });
    const errors: Error[] = [];
    let changed = false;
    const source = {
      list: (path: string) => inner.list(path),
      read: async (path: string) =>
        changed && path === 'one/a.txt' ? new TextEncoder().encode('other') : inner.read(path),
    };
    const server = new Server({ name: 's', version: '1' }, { skills: source, onError: (e) => errors.push(e) });
    const pair = await connectPair(server, { protocolVersion: '2025-11-25' });
    const read = (uri: string) => call(pair.client, 'resources/read', { uri });
    assert.equal(((await read('skill://one/a.txt')).contents as Reply[])[0]?.text, 'first');
    changed = true;
    const announced = new Promise<void>((resolve) => pair.client.on('resourcesListChanged', () => resolve()));
    await rejects(read('skill://one/a.txt'), -32603, 'skill://one/a.txt changed since the skills catalog was loaded');
    assert.match(errors[0]?.message ?? '', /one\/a\.txt: changed since the skills were loaded/);
    // Loaded again, the skills list the new bytes, and clients are told.
    await announced;
    const { skill } = (await call(pair.client, 'skills/get', { uri: 'skill://one/SKILL.md' })) as {
      skill: typeof PDF_ENTRY;
    };
    assert.deepEqual(skill.resources[1], resourceOf('skill://one/a.txt', 'other'));
    assert.equal(((await read('skill://one/a.txt')).contents as Reply[])[0]?.text, 'other');
    await pair.close();
  });
});
