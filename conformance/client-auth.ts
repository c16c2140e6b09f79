/**
 * Authorization for the conformance client's `auth/*` scenarios. The interactive ones: an
 * `OAuthClient` whose user is the suite's authorization server itself, which redirects at once.
 * The authorization URL is fetched without following the redirect, and its `Location` is where
 * the browser would have come back to. Pre-registered credentials come from the scenario's
 * context; the Client ID Metadata Document URL is the one the suite expects. The extension
 * scenarios: the grant without a user the context's credentials are for (client credentials
 * with a secret or a key, workload identity's JWT bearer grant, enterprise-managed
 * authorization), and DPoP-bound tokens.
 * @module
 */
import {
  OAuthClient,
  clientCredentialsGrant,
  enterpriseManagedGrant,
  jwtBearerGrant,
  type OAuthGrant,
} from '../src/auth/index.js';

type Context = Record<string, unknown>;

/** The authorization for `scenario`, or `undefined` for one that does not authorize. */
export function scenarioAuth(scenario: string): OAuthClient | undefined {
  if (!scenario.startsWith('auth/')) return undefined;
  const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as Context;
  const grant = scenarioGrant(scenario, context);
  if (grant !== undefined) return new OAuthClient({ grant });
  const clientId = optional(context, 'client_id');
  const clientSecret = optional(context, 'client_secret');
  return new OAuthClient({
    // Nothing listens there: the redirect is read, not followed.
    redirectUri: 'http://localhost:3000/callback',
    clientMetadataUrl: 'https://conformance-test.local/client-metadata.json',
    clientMetadata: { client_name: 'mcpkit-conformance-client' },
    ...(clientId !== undefined && { client: { clientId, ...(clientSecret !== undefined && { clientSecret }) } }),
    ...(scenario.startsWith('auth/dpop') && { dpop: true }),
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

/** The grant without a user of an extension scenario, from its context. */
function scenarioGrant(scenario: string, context: Context): OAuthGrant | undefined {
  switch (scenario) {
    case 'auth/client-credentials-basic':
      return clientCredentialsGrant({
        clientId: required(context, 'client_id'),
        clientSecret: required(context, 'client_secret'),
      });
    case 'auth/client-credentials-jwt':
      return clientCredentialsGrant({
        clientId: required(context, 'client_id'),
        privateKey: { key: required(context, 'private_key_pem'), algorithm: optional(context, 'signing_algorithm') },
      });
    case 'auth/wif-jwt-bearer': {
      const jwt = required(context, 'valid_jwt');
      return jwtBearerGrant({ client: { clientId: required(context, 'client_id') }, assertion: () => jwt });
    }
    case 'auth/enterprise-managed-authorization': {
      const idToken = required(context, 'idp_id_token');
      return enterpriseManagedGrant({
        client: { clientId: required(context, 'client_id'), clientSecret: required(context, 'client_secret') },
        identityProvider: {
          issuer: required(context, 'idp_issuer'),
          tokenEndpoint: required(context, 'idp_token_endpoint'),
          client: { clientId: required(context, 'idp_client_id') },
        },
        subjectToken: () => idToken,
      });
    }
    default:
      return undefined;
  }
}

function optional(context: Context, name: string): string | undefined {
  return typeof context[name] === 'string' ? context[name] : undefined;
}

function required(context: Context, name: string): string {
  const value = optional(context, name);
  if (value === undefined) throw new Error(`The scenario's context has no ${name}`);
  return value;
}
