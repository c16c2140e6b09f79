// Every example of the 2026-07-28 corpus against GUARDS, and the guards cross-checked with Ajv
// (compiling the same schema.json definitions) on the examples and on mutations of them.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { isObject } from '../../src/jsonrpc/message.js';
import { GUARDS } from '../../src/types/guards/index.js';
import { REVISION_REQUIRED } from '../../src/types/revisions.js';
import { definitionsOf, deref, describeWithCorpus, examples, validatorFor } from '../helpers/spec-corpus.js';

const REVISION = '2026-07-28';
const corpus = examples();

type Path = (string | number)[];
type Mutation = { path: Path; delete: true } | { path: Path; delete?: false; value: unknown };

/** Deletions of every object member and replacements of every value by values of other JSON types. */
function* mutationsOf(value: unknown, path: Path = []): Generator<Mutation> {
  if (Array.isArray(value)) for (let i = 0; i < value.length; i++) yield* mutationsOf(value[i], [...path, i]);
  else if (isObject(value)) {
    for (const key of Object.keys(value)) {
      yield { path: [...path, key], delete: true };
      yield* mutationsOf(value[key], [...path, key]);
    }
  }
  if (path.length === 0) return;
  yield { path, value: null };
  if (typeof value === 'string') yield* [12345, 'mutated-string'].map((v) => ({ path, value: v }));
  else if (typeof value === 'number') yield* ['mutated', value + 0.5].map((v) => ({ path, value: v }));
  else yield { path, value: 'mutated' };
}

/** A copy of `root` with the mutation applied. */
function mutate(root: unknown, m: Mutation): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of m.path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = m.path[m.path.length - 1] as string | number;
  if (!m.delete) parent[last] = m.value;
  else if (Array.isArray(parent)) parent.splice(last as number, 1);
  else delete parent[last];
  return copy;
}

const describeMutation = (m: Mutation) =>
  `${m.delete ? 'delete' : 'set'} ${m.path.join('.')}${m.delete ? '' : ` = ${JSON.stringify(m.value)}`}`;

const revisionDependent = new Set(REVISION_REQUIRED.map((r) => r.member));
const isRevisionDependent = (type: string, member: string) =>
  REVISION_REQUIRED.some((r) => r.type === type && r.member === member);

/**
 * Where the guards deliberately disagree with schema.json, and why. Each entry says which
 * mutations of the corpus it explains, and may add a value that shows the difference directly.
 */
const DIFFERENCES: {
  why: string;
  explains: (type: string, m: Mutation) => boolean;
  shows?: { type: string; value: unknown };
}[] = [
  {
    why: 'Members only some revisions require (REVISION_REQUIRED: `_meta` and its protocol fields, `resultType`, `ttlMs`, `cacheScope`, `params` of list requests) are optional in the revision-neutral guards; the protocol layer requires them per peer.',
    explains: (_, m) => m.delete === true && revisionDependent.has(String(m.path[m.path.length - 1])),
  },
  {
    why: "The schema's `anyOf [InputRequiredResult, <result>]` for tools/call, prompts/get and resources/read admits any object with a string `resultType` (InputRequiredResult requires nothing else); the guards choose the branch by `resultType`.",
    explains: (type, m) => /^(CallTool|GetPrompt|ReadResource)ResultResponse$/.test(type) && m.path[0] === 'result',
    shows: { type: 'ReadResourceResultResponse', value: { jsonrpc: '2.0', id: 1, result: { resultType: 'complete' } } },
  },
  {
    why: 'An InputRequiredResult must carry `inputRequests` or `requestState` (spec prose), and its `resultType` is "input_required".',
    explains: (type) => type === 'InputRequiredResult',
    shows: { type: 'InputRequiredResult', value: { resultType: 'input_required' } },
  },
  {
    why: 'Error responses may have `id: null`, as JSON-RPC 2.0 answers requests whose id could not be read.',
    explains: (type, m) => type.endsWith('Error') && m.path.join('.') === 'id' && !m.delete && m.value === null,
  },
  {
    why: '`jsonrpc` and `id` of the sampling, elicitation and roots requests are checked when present: until 2025-11-25 they are JSON-RPC requests.',
    explains: (type, m) =>
      ['CreateMessageRequest', 'ElicitRequest', 'ListRootsRequest'].includes(type) &&
      ['id', 'jsonrpc'].includes(String(m.path[0])),
  },
  {
    why: "schema.json's JSONValue (capability settings) omits null and non-integer numbers; the TypeScript schema allows any JSON value.",
    explains: (type, m) => type === 'ClientCapabilities' && m.path[0] === 'extensions' && m.path.length > 2,
    shows: { type: 'ClientCapabilities', value: { experimental: { x: { ratio: 0.5, off: null } } } },
  },
  {
    why: 'schema.json types submitted form values as integer; the TypeScript schema says number (NumberSchema fields accept fractions).',
    explains: (type, m) => type === 'ElicitResult' && m.path[0] === 'content',
    shows: { type: 'ElicitResult', value: { action: 'accept', content: { age: 30.5 } } },
  },
  {
    why: 'A negative `ttlMs` is tolerated: clients treat it as 0 rather than rejecting the result (caching docs).',
    explains: () => false,
    shows: { type: 'ListToolsResult', value: { tools: [], ttlMs: -1, cacheScope: 'public' } },
  },
  {
    why: 'Request ids must be safe integers, which survive JSON.parse exactly; the schema allows any integer.',
    explains: () => false,
    shows: { type: 'CancelledNotificationParams', value: { requestId: 2 ** 60 } },
  },
];

describeWithCorpus('2026-07-28 examples', () => {
  it('exist, each under a type name of the schema', () => {
    assert.ok(corpus.length > 100);
    for (const { type } of corpus) assert.ok(definitionsOf(REVISION)[type], `${type} is not a schema definition`);
  });

  for (const { type, file, value } of corpus) {
    it(`${type}/${file} passes its guard and round-trips unchanged`, () => {
      const guard = GUARDS[type];
      assert.ok(guard, `no guard for ${type}`);
      const original = structuredClone(value);
      assert.ok(validatorFor(REVISION, type)(value), 'the example is valid per schema.json');
      assert.equal(guard(value), undefined);
      assert.deepEqual(value, original, 'the guard left the value as it was');
      assert.deepEqual(JSON.parse(JSON.stringify(value)), original);
    });
  }
});

describeWithCorpus('required members', () => {
  it('removing any member the schema requires fails the guard, unless only some revisions require it', () => {
    let checked = 0;
    for (const { type, file, value } of corpus) {
      if (!isObject(value)) continue;
      const guard = GUARDS[type] ?? assert.fail(type);
      const validate = validatorFor(REVISION, type);
      for (const member of deref(REVISION, definitionsOf(REVISION)[type])?.required ?? []) {
        if (!(member in value)) continue;
        const mutated = mutate(value, { path: [member], delete: true });
        const where = `${type}/${file} without ${member}`;
        assert.equal(validate(mutated), false, `schema accepts ${where}`);
        if (isRevisionDependent(type, member)) assert.equal(guard(mutated), undefined, where);
        else assert.match(guard(mutated) ?? 'accepted', new RegExp(`^${member}: missing required property$`), where);
        checked++;
      }
    }
    assert.ok(checked > 150, `only ${checked} removals checked`);
  });
});

describeWithCorpus('guards and schema.json', () => {
  it('agree on every mutation of every example, except for the documented differences', () => {
    const unexplained: string[] = [];
    const used = new Set<number>();
    let compared = 0;
    for (const { type, file, value } of corpus) {
      const guard = GUARDS[type] ?? assert.fail(type);
      const validate = validatorFor(REVISION, type);
      for (const m of mutationsOf(value)) {
        const mutated = mutate(value, m);
        const issue = guard(mutated);
        compared++;
        if ((issue === undefined) === validate(mutated)) continue;
        const i = DIFFERENCES.findIndex((d) => d.explains(type, m));
        if (i < 0) unexplained.push(`${type}/${file}: ${describeMutation(m)}: guard says ${issue ?? 'valid'}`);
        else used.add(i);
      }
    }
    assert.deepEqual(unexplained, []);
    assert.ok(compared > 3000, `only ${compared} mutations compared`);
    DIFFERENCES.forEach((d, i) => assert.ok(used.has(i) || d.shows, `unused difference: ${d.why}`));
  });

  for (const { why, shows } of DIFFERENCES) {
    if (shows === undefined) continue;
    it(`differ deliberately on ${shows.type} ${JSON.stringify(shows.value)}`, () => {
      const guard = GUARDS[shows.type] ?? assert.fail(shows.type);
      const guardAccepts = guard(shows.value) === undefined;
      assert.notEqual(guardAccepts, validatorFor(REVISION, shows.type)(shows.value), why);
    });
  }
});
