/**
 * The digest a skill's manifest gives each file: `sha256:` and the lowercase hexadecimal
 * SHA-256 of its raw bytes, by Web Crypto, so it runs wherever mcpkit runs.
 * @module
 */

/** What a digest looks like: `sha256:` and 64 lowercase hexadecimal characters. */
export const SKILL_DIGEST = /^sha256:[\da-f]{64}$/;

/** The digest of `bytes`. */
export async function sha256Digest(bytes: Uint8Array): Promise<string> {
  // Web Crypto takes an ArrayBuffer-backed view; a view over shared memory is copied first.
  const data = bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes);
  const hash = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', data));
  let hex = 'sha256:';
  for (const byte of hash) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
