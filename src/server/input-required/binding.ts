/**
 * What a `requestState` is bound to: the method, a digest of the request's salient params (the
 * tool or prompt and its arguments, the resource URI) and a digest of the caller. State issued
 * for one request cannot be replayed on another, or by someone else.
 * @module
 */
import { toBase64Url } from './base64url.js';

export interface RequestBinding {
  method: string;
  /** SHA-256 of the salient params, base64url. */
  params: string;
  /** SHA-256 of the principal, base64url; `undefined` when the caller is anonymous. */
  principal: string | undefined;
}

/**
 * The params that identify a request, as canonical JSON: the tool or prompt name and its
 * arguments, or the resource URI. Taken before the handler runs, which may change its arguments.
 */
export function salientParams(method: string, params: Record<string, unknown>): string {
  return canonicalJson(method === 'resources/read' ? [method, params.uri] : [method, params.name, params.arguments ?? {}]);
}

/** `salient` is what `salientParams` gave for the request. */
export async function requestBinding(method: string, salient: string, principal: string | undefined): Promise<RequestBinding> {
  const [paramsDigest, principalDigest] = await Promise.all([sha256(salient), principal === undefined ? undefined : sha256(principal)]);
  return { method, params: paramsDigest, principal: principalDigest };
}

/** JSON with object keys sorted at every level, so equal values always give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((k) => record[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

async function sha256(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return toBase64Url(new Uint8Array(digest));
}
