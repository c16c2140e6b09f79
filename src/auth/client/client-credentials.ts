/**
 * The client credentials grant (RFC 6749 §4.4; MCP's `io.modelcontextprotocol/oauth-client-credentials`
 * extension): a client acting on its own behalf, no user, no browser. It authenticates with the
 * credentials it was registered with beforehand: a secret (client_secret_basic or
 * client_secret_post) or a private key (`private_key_jwt`).
 * @module
 */
import { machineGrantOf, tokenRequest } from './grant.js';
import type { OAuthGrant } from './public-types.js';
import { checkPreRegistered, type PreRegisteredClient } from './registration.js';

/**
 * A grant for `OAuthClient`'s `grant` option: tokens for the client itself, with the
 * credentials `client` registered beforehand (a `clientSecret` or a `privateKey`).
 */
export function clientCredentialsGrant(client: PreRegisteredClient): OAuthGrant {
  checkPreRegistered('client', client, true);
  if (client.clientSecret === undefined && client.privateKey === undefined)
    throw new TypeError('clientCredentialsGrant needs a client with a clientSecret or a privateKey');
  return machineGrantOf('client_credentials', client, (request) =>
    tokenRequest(request, 'client_credentials', {}, 'The client credentials grant'),
  );
}
