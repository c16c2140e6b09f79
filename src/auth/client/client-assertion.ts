/**
 * `private_key_jwt` (RFC 7523 §2.2): the client authenticates at the token endpoint with an
 * assertion signed by its private key instead of a secret. oauth4webapi signs it (`iss` and
 * `sub` the client ID, `aud` the issuer, `jti`, `iat`, `exp`); here the key the application
 * gave (a PKCS#8 PEM, a JWK or a `CryptoKey`) is imported with jose for the algorithm the
 * authorization server takes (`token_endpoint_auth_signing_alg_values_supported`).
 * @module
 */
import type * as OAuth from 'oauth4webapi';
import { loadJose } from '../server/libraries.js';
import { AuthorizationError, quoted } from './errors.js';
import type { OAuthLibrary } from './oauth-library.js';
import type { ClientPrivateKey, ClientRegistration } from './registration.js';
import type { AuthorizationServer } from './server-metadata.js';

/** The algorithms tried for a key that names none, when the server lists none either. */
const DEFAULT_ALGORITHMS = ['ES256', 'ES384', 'ES512', 'EdDSA', 'RS256', 'PS256'];

/** oauth4webapi's `private_key_jwt` for the registration's key, imported when a request is made. */
export function privateKeyJwt(
  library: OAuthLibrary,
  registration: ClientRegistration,
  server: AuthorizationServer,
): OAuth.ClientAuth {
  const privateKey = registration.privateKey;
  if (privateKey === undefined)
    throw new AuthorizationError(
      'token',
      `The client ${quoted(registration.clientId)} authenticates at ${server.issuer} with private_key_jwt but has no private key`,
    );
  return async (as, client, body, headers) => {
    const key = await importPrivateKey(privateKey, server, registration.clientId);
    const signed = library.PrivateKeyJwt(privateKey.keyId === undefined ? key : { key, kid: privateKey.keyId });
    await signed(as, client, body, headers);
  };
}

/** The key as a `CryptoKey` for an algorithm the server takes; rejects with an {@link AuthorizationError}. */
async function importPrivateKey(
  privateKey: ClientPrivateKey,
  server: AuthorizationServer,
  clientId: string,
): Promise<CryptoKey> {
  const { key, algorithm } = privateKey;
  const listed = stringList(server.metadata.token_endpoint_auth_signing_alg_values_supported);
  const refuse = (why: string) =>
    new AuthorizationError('token', `The private key of the client ${quoted(clientId)} cannot be used: ${why}`);
  if (typeof key === 'object' && !isJwk(key)) {
    if (key.type !== 'private') throw refuse('it is not a private key');
    return key;
  }
  const jwkAlgorithm = typeof key === 'object' && typeof key.alg === 'string' ? key.alg : undefined;
  const named = algorithm ?? jwkAlgorithm;
  if (named !== undefined && listed !== undefined && !listed.includes(named))
    throw refuse(`its algorithm ${named} is not one ${server.issuer} takes (${listed.join(', ')})`);
  const jose = await loadJose();
  for (const alg of named !== undefined ? [named] : (listed ?? DEFAULT_ALGORITHMS)) {
    try {
      const imported = typeof key === 'string' ? await jose.importPKCS8(key, alg) : await jose.importJWK(key, alg);
      if (imported instanceof Uint8Array) throw refuse('it is a symmetric key');
      return imported;
    } catch (error) {
      if (error instanceof AuthorizationError) throw error;
      // Not a key of this algorithm: try the next.
    }
  }
  throw refuse(
    named !== undefined
      ? `it is not a ${typeof key === 'string' ? 'PKCS#8 PEM' : 'private JWK'} key for ${named}`
      : `it is not a ${typeof key === 'string' ? 'PKCS#8 PEM' : 'private JWK'} key for any algorithm ${server.issuer} takes`,
  );
}

function isJwk(key: CryptoKey | JsonWebKey): key is JsonWebKey {
  return 'kty' in key;
}

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
}
