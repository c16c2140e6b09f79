/**
 * `mcpkit/auth`: authorization for MCP over HTTP, both sides. Runtime-neutral (fetch and Web
 * Crypto only); the HTTP transports of `mcpkit/http` and `listen` of `mcpkit/node` take what
 * this entry point makes.
 * @module
 */
export type { AuthInfo } from './auth-info.js';
export { MemoryAuthStore, type AuthStore } from './store.js';
export {
  bearerChallenge,
  formatChallenge,
  parseChallenges,
  type BearerChallenge,
  type Challenge,
} from './www-authenticate.js';
export { principalOf } from './auth-info.js';
export { authInfoFromClaims } from './server/claims.js';
export {
  TokenRefusal,
  type TokenRefusalReason,
  type TokenRequest,
  type TokenVerifier,
} from './server/token-verifier.js';
export { jwtVerifier, type JwtVerifierOptions } from './server/jwt-verifier.js';
export { introspectionVerifier, type IntrospectionVerifierOptions } from './server/introspection-verifier.js';
export type { VerifierFetch } from './server/issuer-metadata.js';
export type { DpopOptions } from './server/dpop-proof.js';
export { PROTECTED_RESOURCE_METADATA_PATH, type ResourceServerOptions } from './server/resource-server.js';
export type { UsedIds } from '../internal/used-ids.js';
export {
  MAX_AUTH_RETRIES,
  type AuthAnswer,
  type AuthRefusal,
  type AuthRequest,
  type HttpClientAuth,
} from './client/http-auth.js';
export { AuthorizationError, type AuthorizationStep } from './client/errors.js';
export { OAuthClient, type OAuthClientOptions } from './client/oauth-client.js';
export type { AuthorizationRedirect, AuthorizeContext, AuthorizeHook } from './client/public-types.js';
export type { ClientPrivateKey, PreRegisteredClient, PrivateKeyInput } from './client/registration.js';
export type { OAuthGrant } from './client/public-types.js';
export { clientCredentialsGrant } from './client/client-credentials.js';
export { jwtBearerGrant, type AssertionContext, type JwtBearerGrantOptions } from './client/jwt-bearer.js';
export {
  enterpriseManagedGrant,
  type EnterpriseManagedGrantOptions,
  type IdentityProvider,
} from './client/enterprise-managed.js';
export type { DpopAlgorithm, DpopClientOptions } from './client/public-types.js';
export type { AuthFetch } from './client/http-context.js';
