/**
 * A small combinator kit for structural guards over parsed JSON.
 *
 * A guard returns `undefined` for a valid value, or one issue: a message, prefixed with the path
 * where it was found (`params.arguments: expected object`). Guards are closures built once; on
 * success they allocate nothing, and paths are only assembled on the way out of a failure.
 * Messages never contain `": "`, which is how a path prefix is told apart from a bare message.
 * @module
 */
import { isObject, isRequestId } from '../../jsonrpc/message.js';

/** Checks a value: `undefined` when valid, otherwise an issue naming the path and what is wrong. */
export type Guard = (value: unknown) => string | undefined;

/** Object member name → guard. */
export type Shape = Record<string, Guard>;

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Prefixes an issue with an object key or array index. */
export function at(key: string | number, issue: string): string {
  const segment = typeof key === 'number' ? `[${key}]` : IDENTIFIER.test(key) ? key : `[${JSON.stringify(key)}]`;
  if (!issue.includes(': ')) return `${segment}: ${issue}`;
  return issue.startsWith('[') ? segment + issue : `${segment}.${issue}`;
}

const MISSING = 'missing required property';

/** Accepts anything (members whose value is any JSON). */
export const unknownJson: Guard = () => undefined;

/** A string. */
export const str: Guard = (v) => (typeof v === 'string' ? undefined : 'expected string');

/** A number. */
export const num: Guard = (v) => (typeof v === 'number' ? undefined : 'expected number');

/** An integer. */
export const int: Guard = (v) => (Number.isInteger(v) ? undefined : 'expected integer');

/** A boolean. */
export const bool: Guard = (v) => (typeof v === 'boolean' ? undefined : 'expected boolean');

/** Any JSON object (not an array, not null). */
export const anyObject: Guard = (v) => (isObject(v) ? undefined : 'expected object');

/** A JSON-RPC request id: a string or a safe integer. */
export const requestId: Guard = (v) => (isRequestId(v) ? undefined : 'expected string or integer');

/** A number within inclusive bounds. */
export function range(min: number, max: number): Guard {
  const issue = `expected number from ${min} to ${max}`;
  return (v) => (typeof v === 'number' && v >= min && v <= max ? undefined : issue);
}

/** Exactly this value. */
export function literal(expected: string | number | boolean): Guard {
  const issue = `expected ${JSON.stringify(expected)}`;
  return (v) => (v === expected ? undefined : issue);
}

/** One of these strings. */
export function enumOf(values: readonly string[]): Guard {
  const set = new Set(values);
  const issue = `expected one of ${values.map((x) => JSON.stringify(x)).join(', ')}`;
  return (v) => (typeof v === 'string' && set.has(v) ? undefined : issue);
}

/** `undefined` or a valid value: for params that may be omitted. */
export function optional(guard: Guard): Guard {
  return (v) => (v === undefined ? undefined : guard(v));
}

/** `null` or a valid value. */
export function nullable(guard: Guard): Guard {
  return (v) => (v === null ? undefined : guard(v));
}

/** An array whose items all pass. */
export function array(item: Guard, maxItems = Infinity): Guard {
  const tooMany = `expected at most ${maxItems} items`;
  return (v) => {
    if (!Array.isArray(v)) return 'expected array';
    if (v.length > maxItems) return tooMany;
    for (let i = 0; i < v.length; i++) {
      const issue = item(v[i]);
      if (issue !== undefined) return at(i, issue);
    }
    return undefined;
  };
}

/** An object whose member values all pass (a map). */
export function record(value: Guard): Guard {
  return (v) => {
    if (!isObject(v)) return 'expected object';
    for (const key in v) {
      const issue = value(v[key]);
      if (issue !== undefined) return at(key, issue);
    }
    return undefined;
  };
}

/** An object with these required and optional members; other members are allowed. */
export function obj(required: Shape, optionalMembers: Shape = {}): Guard {
  // Parallel arrays and index loops: guards run on every message.
  const reqKeys = Object.keys(required);
  const reqGuards = Object.values(required);
  const optKeys = Object.keys(optionalMembers);
  const optGuards = Object.values(optionalMembers);
  return (v) => {
    if (!isObject(v)) return 'expected object';
    for (let i = 0; i < reqKeys.length; i++) {
      const key = reqKeys[i]!;
      const member = v[key];
      if (member === undefined) return at(key, MISSING);
      const issue = reqGuards[i]!(member);
      if (issue !== undefined) return at(key, issue);
    }
    for (let i = 0; i < optKeys.length; i++) {
      const member = v[optKeys[i]!];
      if (member === undefined) continue;
      const issue = optGuards[i]!(member);
      if (issue !== undefined) return at(optKeys[i]!, issue);
    }
    return undefined;
  };
}

/** An object discriminated by a string member (`type`, `method`...): the case's guard checks the whole object. */
export function oneOf(field: string, cases: Shape): Guard {
  const table = new Map(Object.entries(cases));
  const issue = `expected one of ${[...table.keys()].map((k) => JSON.stringify(k)).join(', ')}`;
  return (v) => {
    if (!isObject(v)) return 'expected object';
    const tag = v[field];
    const guard = typeof tag === 'string' ? table.get(tag) : undefined;
    if (guard === undefined) return at(field, tag === undefined ? MISSING : issue);
    return guard(v);
  };
}

/** An object checked by the guard `pick` chooses from its members (unions without a single tag). */
export function select(pick: (o: Record<string, unknown>) => Guard): Guard {
  return (v) => (isObject(v) ? pick(v)(v) : 'expected object');
}

/** A value checked by the first guard whose `when` holds, else by `otherwise` (unions of different JSON types). */
export function when(test: (v: unknown) => boolean, then: Guard, otherwise: Guard): Guard {
  return (v) => (test(v) ? then(v) : otherwise(v));
}

/** A guard plus a condition across members; `check` returns an issue or `undefined`. */
export function refine(guard: Guard, check: (o: Record<string, unknown>) => string | undefined): Guard {
  return (v) => guard(v) ?? check(v as Record<string, unknown>);
}
