/**
 * What a `requestState` is bound to: the method, a digest of the request's salient params (the
 * tool or prompt and its arguments, the resource URI) and a digest of the caller. State issued
 * for one request cannot be replayed on another, or by someone else.
 * @module
 */
import { canonicalJson, jsonOfAnyDepth } from '../../internal/canonical-json.js';
import { toBase64Url } from '../../internal/base64.js';

export interface RequestBinding {
  method: string;
  /** SHA-256 of the salient params, base64url. */
  params: string;
  /** SHA-256 of the principal, base64url; `undefined` when the caller is anonymous. */
  principal: string | undefined;
}

/**
 * The params that identify a request, as JSON: the tool or prompt name and its arguments, or the
 * resource URI. Taken before the handler runs, which may change its arguments; plain JSON, which
 * is cheap, since most requests never need their binding.
 */
export function salientParams(method: string, params: Record<string, unknown>): string {
  return jsonOfAnyDepth(
    method === 'resources/read' ? [method, params.uri ?? null] : [method, params.name ?? null, params.arguments ?? {}],
  );
}

/**
 * `salient` is what `salientParams` gave for the request. Its keys are put in order first, so
 * the same params sent in another order bind alike.
 */
export async function requestBinding(
  method: string,
  salient: string,
  principal: string | undefined,
): Promise<RequestBinding> {
  const canonical = canonicalJson(JSON.parse(salient));
  const [paramsDigest, principalDigest] = await Promise.all([
    sha256(canonical),
    principal === undefined ? undefined : sha256(principal),
  ]);
  return { method, params: paramsDigest, principal: principalDigest };
}

async function sha256(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return toBase64Url(new Uint8Array(digest));
}
