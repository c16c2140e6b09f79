/**
 * Authorization for the conformance client's `auth/*` scenarios: an `OAuthClient` whose user
 * is the suite's authorization server itself, which redirects at once. The authorization URL
 * is fetched without following the redirect, and its `Location` is where the browser would
 * have come back to. Pre-registered credentials come from the scenario's context; the Client ID
 * Metadata Document URL is the one the suite expects.
 * @module
 */
import { OAuthClient } from '../src/auth/index.js';

/** The extension scenarios: grants and proofs beyond the authorization code grant. */
const NOT_IMPLEMENTED = new Set([
  'auth/client-credentials-basic',
  'auth/client-credentials-jwt',
  'auth/dpop',
  'auth/dpop-nonce',
  'auth/wif-jwt-bearer',
  'auth/enterprise-managed-authorization',
]);

/** The authorization for `scenario`, or `undefined` for one that does not authorize. */
export function scenarioAuth(scenario: string): OAuthClient | undefined {
  if (!scenario.startsWith('auth/')) return undefined;
  if (NOT_IMPLEMENTED.has(scenario))
    throw new Error(`${scenario}: client credentials, JWT bearer, token exchange and DPoP are not implemented yet`);
  const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as Record<string, unknown>;
  const clientId = typeof context.client_id === 'string' ? context.client_id : undefined;
  const clientSecret = typeof context.client_secret === 'string' ? context.client_secret : undefined;
  return new OAuthClient({
    // Nothing listens there: the redirect is read, not followed.
    redirectUri: 'http://localhost:3000/callback',
    clientMetadataUrl: 'https://conformance-test.local/client-metadata.json',
    clientMetadata: { client_name: 'mcpkit-conformance-client' },
    ...(clientId !== undefined && { client: { clientId, ...(clientSecret !== undefined && { clientSecret }) } }),
    authorize: async (url) => {
      const response = await fetch(url, { redirect: 'manual' });
      await response.body?.cancel();
      const location = response.headers.get('location');
      if (location === null)
        throw new Error(`The authorization endpoint answered ${response.status} without a redirect`);
      return new URL(location, url);
    },
  });
}
