// The per-revision tables of src/types/revisions.ts, checked against every revision's schema.json.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GUARDS, notificationParamsGuards, requestParamsGuards, resultGuards } from '../../src/types/guards/index.js';
import type {
  ClientNotificationMap,
  ClientRequestMap,
  ServerNotificationMap,
  ServerRequestMap,
} from '../../src/types/messages.js';
import {
  CONTENT_TYPES,
  DEFINITIONS,
  FIELDS,
  hasField,
  hasMethod,
  inSpan,
  METHODS,
  methodsOf,
  resourceNotFoundCode,
  REVISION_REQUIRED,
  revisionsIn,
  type Revision,
} from '../../src/types/revisions.js';
import { corpusMissing, definitionsOf, deref, describeWithCorpus, REVISIONS, type SchemaNode } from './spec.js';

/** The methods of a union definition (`ClientRequest`...), which may also be a single message definition. */
function unionMethods(revision: Revision, union: string): string[] {
  const node = definitionsOf(revision)[union];
  if (node === undefined) return [];
  const members = node.anyOf ?? [node];
  return members.map((m) => String(deref(revision, m)?.properties?.method?.const));
}

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

describeWithCorpus('METHODS', () => {
  it('matches the request and notification unions of every schema', () => {
    for (const revision of REVISIONS) {
      const sides = {
        client: [...unionMethods(revision, 'ClientRequest'), ...unionMethods(revision, 'ClientNotification')],
        server: [...unionMethods(revision, 'ServerRequest'), ...unionMethods(revision, 'ServerNotification')],
        input: unionMethods(revision, 'InputRequest'),
      };
      for (const [method, info] of Object.entries(METHODS)) {
        for (const side of ['client', 'server', 'input'] as const) {
          const span = info[side];
          const expected = span !== undefined && inSpan(span, revision);
          assert.equal(sides[side].includes(method), expected, `${method} sent by ${side} in ${revision}`);
        }
      }
      const all = [...sides.client, ...sides.server, ...sides.input];
      assert.deepEqual(all.filter((m) => METHODS[m] === undefined), [], `methods of ${revision} missing from METHODS`);
    }
  });

  it('answers the questions the brief names', () => {
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
    assert.deepEqual(Object.keys(DEFINITIONS).filter((n) => !names.has(n)), []);
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
        const spans: Record<string, { since?: Revision; until?: Revision }> = CONTENT_TYPES[name as keyof typeof positions];
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

// Compile-time lists of the method maps' keys: `satisfies` fails the build if a key is missing or extra.
const clientRequests = {
  initialize: 1, ping: 1, 'server/discover': 1, 'resources/list': 1, 'resources/templates/list': 1, 'resources/read': 1,
  'resources/subscribe': 1, 'resources/unsubscribe': 1, 'subscriptions/listen': 1, 'prompts/list': 1, 'prompts/get': 1,
  'tools/list': 1, 'tools/call': 1, 'logging/setLevel': 1, 'completion/complete': 1, 'tasks/get': 1, 'tasks/result': 1,
  'tasks/cancel': 1, 'tasks/list': 1,
} satisfies Record<keyof ClientRequestMap, 1>;
const serverRequests = {
  ping: 1, 'sampling/createMessage': 1, 'elicitation/create': 1, 'roots/list': 1, 'tasks/get': 1, 'tasks/result': 1,
  'tasks/cancel': 1, 'tasks/list': 1,
} satisfies Record<keyof ServerRequestMap, 1>;
const clientNotifications = {
  'notifications/cancelled': 1, 'notifications/initialized': 1, 'notifications/progress': 1,
  'notifications/roots/list_changed': 1, 'notifications/tasks/status': 1,
} satisfies Record<keyof ClientNotificationMap, 1>;
const serverNotifications = {
  'notifications/cancelled': 1, 'notifications/progress': 1, 'notifications/message': 1,
  'notifications/resources/updated': 1, 'notifications/resources/list_changed': 1, 'notifications/tools/list_changed': 1,
  'notifications/prompts/list_changed': 1, 'notifications/elicitation/complete': 1, 'notifications/tasks/status': 1,
  'notifications/subscriptions/acknowledged': 1,
} satisfies Record<keyof ServerNotificationMap, 1>;

const sorted = (xs: Iterable<string>) => [...xs].sort();
const methodsWhere = (kind: 'request' | 'notification', side: 'client' | 'server') =>
  sorted(
    Object.entries(METHODS)
      .filter(([, i]) => i.kind === kind && (side === 'client' ? i.client : (i.server ?? i.input)) !== undefined)
      .map(([m]) => m),
  );

describe('method maps and registries', () => {
  it('cover every method of every revision, by direction', () => {
    assert.deepEqual(sorted(Object.keys(clientRequests)), methodsWhere('request', 'client'));
    assert.deepEqual(sorted(Object.keys(serverRequests)), methodsWhere('request', 'server'));
    assert.deepEqual(sorted(Object.keys(clientNotifications)), methodsWhere('notification', 'client'));
    assert.deepEqual(sorted(Object.keys(serverNotifications)), methodsWhere('notification', 'server'));
  });

  it('have a params and a result guard for every request, a params guard for every notification', () => {
    const requests = Object.keys(METHODS).filter((m) => METHODS[m]?.kind === 'request');
    const notifications = Object.keys(METHODS).filter((m) => METHODS[m]?.kind === 'notification');
    assert.deepEqual(sorted(Object.keys(requestParamsGuards)), sorted(requests));
    assert.deepEqual(sorted(Object.keys(resultGuards)), sorted(requests));
    assert.deepEqual(sorted(Object.keys(notificationParamsGuards)), sorted(notifications));
  });

  it('GUARDS has every definition of every schema and nothing else', { skip: corpusMissing }, () => {
    const names = new Set(REVISIONS.flatMap((r) => Object.keys(definitionsOf(r))));
    assert.deepEqual(sorted([...names].filter((n) => GUARDS[n] === undefined)), []);
    assert.deepEqual(sorted(Object.keys(GUARDS).filter((n) => !names.has(n))), []);
  });
});
