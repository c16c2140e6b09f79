// The per-revision tables of src/types/revisions.ts and the method table of src/types/methods.ts,
// checked against every revision's schema.json.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { GUARDS } from '../../src/types/guards/index.js';
import { hasMethod, methodInfo, METHODS, methodsOf, type MethodInfo } from '../../src/types/methods.js';
import {
  CONTENT_TYPES,
  DEFINITIONS,
  FIELDS,
  hasField,
  inSpan,
  resourceNotFoundCode,
  REVISION_REQUIRED,
  revisionsIn,
  type Revision,
} from '../../src/types/revisions.js';
import { definitionsOf, deref, describeWithCorpus, REVISIONS, type SchemaNode } from '../helpers/spec-corpus.js';

/** A request or notification definition's method. */
function methodOf(revision: Revision, node: SchemaNode | undefined): string {
  return String(deref(revision, node)?.properties?.method?.const);
}

/**
 * The messages a union definition (`ClientRequest`...) admits, by method and definition name. A
 * union of one message may be that message written out: its name is then the definition with that method.
 */
function unionMessages(revision: Revision, union: string): { method: string; name: string }[] {
  const defs = definitionsOf(revision);
  const node = defs[union];
  if (node === undefined) return [];
  if (node.anyOf === undefined) {
    const method = methodOf(revision, node);
    const name = Object.keys(defs).find((n) => n !== union && methodOf(revision, defs[n]) === method);
    return [{ method, name: name ?? union }];
  }
  return node.anyOf.map((m) => ({ method: methodOf(revision, m), name: refName(m) }));
}

/** The definitions a union of results names (`ServerResult`...); none where it is absent. */
function unionMembers(revision: Revision, union: string): string[] {
  return (definitionsOf(revision)[union]?.anyOf ?? []).map(refName);
}

const refName = (node: SchemaNode) => node.$ref?.split('/').pop() ?? '';

/** The definition a name stands for, through aliases (`EmptyResult` is `Result`). */
function unalias(revision: Revision, name: string): string {
  const ref = definitionsOf(revision)[name]?.$ref;
  return ref === undefined ? name : unalias(revision, refName({ $ref: ref }));
}

const table: [string, MethodInfo][] = Object.entries(METHODS);
const sides = ['client', 'server', 'input'] as const;
/** Where each side's messages and the answers to them are listed in a schema. */
const UNIONS = {
  client: {
    requests: 'ClientRequest',
    notifications: 'ClientNotification',
    answers: 'ServerResult',
    capabilities: 'ServerCapabilities',
  },
  server: {
    requests: 'ServerRequest',
    notifications: 'ServerNotification',
    answers: 'ClientResult',
    capabilities: 'ClientCapabilities',
  },
  input: { requests: 'InputRequest', notifications: '', answers: 'InputResponse', capabilities: 'ClientCapabilities' },
} as const;

/** Where a neutral type's shape lives in a revision: its definition, or the `params` of its request. */
function resolve(revision: Revision, type: string): SchemaNode | undefined {
  const defs = definitionsOf(revision);
  if (type === 'RequestMeta') return deref(revision, defs.RequestMetaObject);
  if (type === 'EmptyResult') return deref(revision, defs.Result);
  if (defs[type] !== undefined) return deref(revision, defs[type]);
  const owner = type === 'ElicitRequestFormParams' ? 'ElicitRequest' : type.replace(/Params$/, '');
  if (owner === type || defs[owner] === undefined) return undefined;
  return deref(revision, deref(revision, defs[owner])?.properties?.params);
}

/** The members a node declares, including those of `allOf` parts. */
function propertiesOf(revision: Revision, node: SchemaNode | undefined): Record<string, SchemaNode> {
  const out = { ...node?.properties };
  for (const part of node?.allOf ?? []) Object.assign(out, deref(revision, part)?.properties);
  return out;
}

/** The node at a dotted member path, or `undefined` when some member on the way is not declared. */
function member(revision: Revision, node: SchemaNode | undefined, path: string): SchemaNode | undefined {
  let current = node;
  for (const key of path.split('.')) {
    current = deref(revision, propertiesOf(revision, current)[key]);
    if (current === undefined) return undefined;
  }
  return current;
}

describeWithCorpus('the method table', () => {
  it('has the methods of every schema, by side and kind, under the spec names', () => {
    for (const revision of REVISIONS) {
      for (const side of sides) {
        const { requests, notifications } = UNIONS[side];
        const listed = [
          ...unionMessages(revision, requests).map((m) => ({ ...m, kind: 'request' })),
          ...unionMessages(revision, notifications).map((m) => ({ ...m, kind: 'notification' })),
        ];
        for (const { method, name, kind } of listed) {
          const info = methodInfo(method);
          assert.ok(info, `${method} (${name}) of ${revision} missing from the table`);
          assert.equal(info.kind, kind, `${method} is a ${kind}`);
          assert.equal(info.spec, name, `the spec's name of ${method}`);
        }
        for (const [method, info] of table) {
          const span = info[side];
          const expected = span !== undefined && inSpan(span, revision);
          const actual = listed.some((m) => m.method === method);
          assert.equal(actual, expected, `${method} sent by ${side} in ${revision}`);
        }
      }
    }
  });

  it('names the result of every request as the schema answers it', () => {
    for (const revision of REVISIONS) {
      for (const side of sides) {
        const answers = unionMembers(revision, UNIONS[side].answers);
        const requests = table.filter(
          ([, info]) => info.kind === 'request' && info[side] && inSpan(info[side], revision),
        );
        for (const [method, info] of requests) {
          const name = info.specResult ?? assert.fail(`${method} has no result name`);
          assert.ok(definitionsOf(revision)[name], `${name} of ${method} is not in ${revision}`);
          assert.ok(
            answers.includes(unalias(revision, name)),
            `${name} of ${method} is not in ${UNIONS[side].answers} of ${revision}`,
          );
          // `XRequest` is answered by `XResult`; where there is none, by `EmptyResult`.
          const own = info.spec.replace(/Request$/, 'Result');
          assert.equal(name, definitionsOf(revision)[own] ? own : 'EmptyResult', `${method} in ${revision}`);
        }
        // Every answer but the generic ones belongs to a request.
        const named = new Set(requests.map(([, info]) => unalias(revision, info.specResult ?? '')));
        const unclaimed = answers.filter((a) => a !== 'Result' && a !== 'InputRequiredResult' && !named.has(a));
        assert.deepEqual(unclaimed, [], `${UNIONS[side].answers} of ${revision}`);
      }
    }
  });

  it("requires only capabilities the receiver's schema declares", () => {
    for (const revision of REVISIONS) {
      for (const side of sides) {
        const capabilities = definitionsOf(revision)[UNIONS[side].capabilities];
        for (const [method, info] of table) {
          const span = info[side];
          if (span === undefined || !inSpan(span, revision)) continue;
          const path = typeof info.capability === 'function' ? info.capability(revision) : info.capability;
          if (path === undefined) continue;
          assert.ok(
            member(revision, capabilities, path),
            `${method} needs ${path}, not in ${UNIONS[side].capabilities} of ${revision}`,
          );
        }
      }
    }
  });

  it('answers which side has a method in which revision', () => {
    assert.equal(hasMethod('ping', '2026-07-28'), false);
    assert.equal(hasMethod('ping', '2025-11-25', 'server'), true);
    assert.equal(hasMethod('elicitation/create', '2025-03-26'), false);
    assert.equal(hasMethod('elicitation/create', '2025-06-18', 'server'), true);
    assert.equal(hasMethod('elicitation/create', '2026-07-28', 'server'), true);
    assert.equal(hasMethod('tasks/get', '2025-11-25'), true);
    assert.equal(hasMethod('tasks/get', '2026-07-28'), false);
    assert.equal(hasMethod('server/discover', '2025-11-25'), false);
    assert.equal(hasMethod('subscriptions/listen', '2026-07-28', 'client'), true);
    assert.ok(methodsOf('2024-11-05', 'client').includes('initialize'));
    assert.equal(resourceNotFoundCode('2025-11-25'), -32002);
    assert.equal(resourceNotFoundCode('2026-07-28'), -32602);
  });
});

describeWithCorpus('DEFINITIONS', () => {
  it('gives the exact revisions of every definition of every schema', () => {
    const names = new Set(REVISIONS.flatMap((r) => Object.keys(definitionsOf(r))));
    for (const name of names) {
      const actual = REVISIONS.filter((r) => definitionsOf(r)[name] !== undefined);
      assert.deepEqual(actual, revisionsIn(DEFINITIONS[name] ?? {}), name);
    }
    assert.deepEqual(
      Object.keys(DEFINITIONS).filter((n) => !names.has(n)),
      [],
    );
  });
});

describeWithCorpus('FIELDS', () => {
  it('matches which members each schema declares', () => {
    for (const [type, fields] of Object.entries(FIELDS)) {
      let resolved = 0;
      for (const revision of REVISIONS) {
        const node = resolve(revision, type);
        if (node === undefined) continue;
        resolved++;
        for (const path of Object.keys(fields)) {
          const declared: boolean = member(revision, node, path) !== undefined;
          assert.equal(declared, hasField(type, path, revision), `${type}.${path} in ${revision}`);
        }
      }
      assert.ok(resolved > 0, `${type} found in no schema`);
    }
  });
});

/** The `type` tags a content position admits, following `$ref`, `anyOf` and array `items`. */
function contentTypes(revision: Revision, node: SchemaNode | undefined): string[] {
  const n = deref(revision, node);
  if (n === undefined) return [];
  const tag = n.properties?.type?.const;
  if (typeof tag === 'string') return [tag];
  return [...(n.anyOf ?? []), ...(n.items ? [n.items] : [])].flatMap((part) => contentTypes(revision, part));
}

describeWithCorpus('CONTENT_TYPES', () => {
  it('matches the content blocks each schema admits', () => {
    const positions = {
      ContentBlock: ['CallToolResult', 'content'],
      SamplingMessageContentBlock: ['SamplingMessage', 'content'],
    } as const;
    for (const revision of REVISIONS) {
      for (const [name, [type, field]] of Object.entries(positions)) {
        const actual = sorted(new Set(contentTypes(revision, member(revision, resolve(revision, type), field))));
        const spans: Record<string, { since?: Revision; until?: Revision }> =
          CONTENT_TYPES[name as keyof typeof positions];
        const expected = sorted(Object.keys(spans).filter((t) => inSpan(spans[t] ?? {}, revision)));
        assert.deepEqual(actual, expected, `${name} in ${revision}`);
      }
    }
  });
});

describeWithCorpus('REVISION_REQUIRED', () => {
  it('matches the required lists of the schemas wherever the member is declared', () => {
    for (const { type, member: name, span } of REVISION_REQUIRED) {
      let checked = 0;
      for (const revision of REVISIONS) {
        const node = resolve(revision, type);
        if (node?.properties?.[name] === undefined) continue;
        checked++;
        assert.equal(node.required?.includes(name) ?? false, inSpan(span, revision), `${type}.${name} in ${revision}`);
      }
      assert.ok(checked > 0, `${type}.${name} declared in no schema`);
    }
  });
});

const sorted = (xs: Iterable<string>) => [...xs].sort();

describeWithCorpus('GUARDS', () => {
  it('has every definition of every schema and nothing else', () => {
    const names = new Set(REVISIONS.flatMap((r) => Object.keys(definitionsOf(r))));
    assert.deepEqual(sorted([...names].filter((n) => GUARDS[n] === undefined)), []);
    assert.deepEqual(sorted(Object.keys(GUARDS).filter((n) => !names.has(n))), []);
  });
});
