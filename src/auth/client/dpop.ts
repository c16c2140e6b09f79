/**
 * DPoP on the client's side (RFC 9449): one key pair binds the client's tokens to it. Token
 * requests carry a proof through oauth4webapi's DPoP handle (which keeps the authorization
 * server's nonces); each request to the MCP server carries a fresh proof made here with jose
 * (a new `jti`, the method, the URL without query and fragment, `iat`, the token's hash in `ath`,
 * and the server's latest nonce). Nonces are kept per origin, updated from every `DPoP-Nonce`.
 * @module
 */
import type * as OAuth from 'oauth4webapi';
import { loadJose } from '../server/libraries.js';
import type { DpopClientOptions } from './public-types.js';
import type { OAuthLibrary } from './oauth-library.js';

/** The most origins whose nonce is kept. */
const MAX_NONCES = 100;

/** A DPoP key: proofs for token requests (oauth4webapi's handle) and for requests to MCP servers. */
export class DpopKey {
  /** oauth4webapi's handle, for token requests. */
  readonly handle: OAuth.DPoPHandle;
  readonly #keyPair: CryptoKeyPair;
  readonly #algorithm: string;
  readonly #publicJwk: Record<string, unknown>;
  /** The latest nonce of each origin, in the order last set. */
  readonly #nonces = new Map<string, string>();

  constructor(handle: OAuth.DPoPHandle, keyPair: CryptoKeyPair, algorithm: string, jwk: Record<string, unknown>) {
    this.handle = handle;
    this.#keyPair = keyPair;
    this.#algorithm = algorithm;
    this.#publicJwk = jwk;
  }

  /** A key as the options ask: the pair given, or one generated. */
  static async create(library: OAuthLibrary, options: DpopClientOptions): Promise<DpopKey> {
    const jose = await loadJose();
    const keyPair =
      options.keyPair ?? (await jose.generateKeyPair(options.algorithm ?? 'ES256', { extractable: false }));
    const algorithm = options.keyPair ? algorithmOf(keyPair.privateKey) : (options.algorithm ?? 'ES256');
    const { kty, crv, x, y, n, e } = await jose.exportJWK(keyPair.publicKey);
    const jwk = Object.fromEntries(Object.entries({ kty, crv, x, y, n, e }).filter(([, v]) => v !== undefined));
    return new DpopKey(library.DPoP({}, keyPair), keyPair, algorithm, jwk);
  }

  /** A fresh proof for a request of `method` to `url`, carrying `accessToken`'s hash. */
  async proof(url: string, method: string, accessToken: string): Promise<string> {
    const jose = await loadJose();
    const target = new URL(url);
    const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(accessToken));
    const nonce = this.#nonces.get(target.origin);
    return new jose.SignJWT({
      jti: crypto.randomUUID(),
      htm: method.toUpperCase(),
      htu: `${target.origin}${target.pathname}`,
      ath: jose.base64url.encode(new Uint8Array(hash)),
      ...(nonce !== undefined && { nonce }),
    })
      .setProtectedHeader({ alg: this.#algorithm, typ: 'dpop+jwt', jwk: this.#publicJwk })
      .setIssuedAt()
      .sign(this.#keyPair.privateKey);
  }

  /** Keeps the `DPoP-Nonce` of an answer from `url`'s origin, if it has one; true when it is new. */
  remember(url: string, headers: Headers): boolean {
    const nonce = headers.get('dpop-nonce');
    if (nonce === null || nonce === '' || !URL.canParse(url)) return false;
    const origin = new URL(url).origin;
    const before = this.#nonces.get(origin);
    this.#nonces.delete(origin);
    this.#nonces.set(origin, nonce);
    if (this.#nonces.size > MAX_NONCES) this.#nonces.delete(this.#nonces.keys().next().value!);
    return before !== nonce;
  }

  /** The nonce kept for `url`'s origin. */
  nonce(url: string): string | undefined {
    return URL.canParse(url) ? this.#nonces.get(new URL(url).origin) : undefined;
  }
}

/** The `nonce` a proof of this client carried, read without verifying (the client made it). */
export function proofNonce(proof: string | null): string | undefined {
  const payload = proof?.split('.')[1];
  if (payload === undefined) return undefined;
  try {
    const claims = JSON.parse(new TextDecoder().decode(base64urlBytes(payload))) as { nonce?: unknown };
    return typeof claims.nonce === 'string' ? claims.nonce : undefined;
  } catch {
    return undefined;
  }
}

function base64urlBytes(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The JWS algorithm of a private key given. */
function algorithmOf(key: CryptoKey): string {
  const algorithm = key.algorithm as { name: string; namedCurve?: string; hash?: { name: string } };
  switch (algorithm.name) {
    case 'ECDSA':
      return { 'P-256': 'ES256', 'P-384': 'ES384', 'P-521': 'ES512' }[algorithm.namedCurve ?? ''] ?? unsupported(key);
    case 'Ed25519':
      return 'EdDSA';
    case 'RSASSA-PKCS1-v1_5':
    case 'RSA-PSS': {
      const prefix = algorithm.name === 'RSA-PSS' ? 'PS' : 'RS';
      return `${prefix}${algorithm.hash?.name.replace('SHA-', '') ?? '256'}`;
    }
    default:
      return unsupported(key);
  }
}

function unsupported(key: CryptoKey): never {
  throw new TypeError(`dpop.keyPair: a ${key.algorithm.name} key cannot sign DPoP proofs`);
}
