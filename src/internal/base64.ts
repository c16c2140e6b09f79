/**
 * Base64 (RFC 4648 section 4, padded) and base64url (section 5, unpadded) over `btoa` / `atob`,
 * which every runtime has, so nothing needs `node:buffer`. Decoding is strict: text that is not
 * in the alphabet, or has the wrong length, gives `undefined`, never some other bytes.
 * @module
 */

/** Bytes per `String.fromCharCode` call: well under engines' argument limits. */
const CHUNK = 0x8000;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** Base64 of `bytes`, padded. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

/** The bytes of padded base64 `text`, or `undefined` when it is not that. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  return BASE64.test(text) ? binaryBytes(text) : undefined;
}

/** Base64url of `bytes`, without padding. */
export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes `text` encodes, or `undefined` when it is not unpadded base64url. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return undefined;
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  return binaryBytes(padded);
}

/** `atob` of checked text, as bytes. */
function binaryBytes(base64: string): Uint8Array<ArrayBuffer> | undefined {
  let binary: string;
  try {
    binary = atob(base64);
  } catch {
    return undefined;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
