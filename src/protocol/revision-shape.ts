/**
 * Gives each peer exactly what its revision defines: removes the members of a spec object that
 * its negotiated revision does not have, using the per-revision field table.
 * @module
 */
import { FIELDS, inSpan, isRevision, type Span } from '../types/revisions.js';

/**
 * A copy of `value` without the members of `type` absent from `version` (`Tool`,
 * `Implementation`, ...), including dotted ones one level down (`inputSchema.$schema`).
 * Returns `value` itself when nothing needs removing, so the common case allocates nothing.
 */
export function shapeForRevision<T extends object>(type: string, value: T, version: string): T {
  const fields = FIELDS[type];
  if (!fields || !isRevision(version) || hasEveryField(type, version)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const path in fields) {
    const span: Span = fields[path]!;
    if (inSpan(span, version)) continue;
    const dot = path.indexOf('.');
    const source = (copy ?? value) as Record<string, unknown>;
    if (dot === -1) {
      if (!(path in source)) continue;
      copy ??= { ...source };
      delete copy[path];
      continue;
    }
    const head = path.slice(0, dot);
    const inner = source[head];
    const key = path.slice(dot + 1);
    if (typeof inner !== 'object' || inner === null || !(key in inner)) continue;
    copy ??= { ...source };
    const { [key]: _dropped, ...rest } = inner as Record<string, unknown>;
    copy[head] = rest;
  }
  return (copy ?? value) as T;
}

/** Types whose every member exists in a revision, by revision: nothing of theirs is ever removed there. */
const COMPLETE = new Map<string, Map<string, boolean>>();

/** Whether every member of `type` exists in `version` (worked out once per pair; shaping runs per message). */
function hasEveryField(type: string, version: string): boolean {
  let byType = COMPLETE.get(version);
  if (byType === undefined) COMPLETE.set(version, (byType = new Map()));
  let complete = byType.get(type);
  if (complete === undefined) {
    const fields = FIELDS[type] ?? {};
    complete = Object.values(fields).every((span) => inSpan(span, version as Parameters<typeof inSpan>[1]));
    byType.set(type, complete);
  }
  return complete;
}
