/**
 * A server that requires authorization: every request needs an access token of the development
 * authorization server it starts beside it (mcpkit/dev-auth-server, on 127.0.0.1, which signs
 * in one development user and consents at once). `publish` needs the scope `notes:write` on top
 * of `mcp`. The MCP endpoint's URL goes to stdout. Run:
 * `node build/examples/auth-server/server.js [port]` (default 3000; 0 for any free port).
 */
import { jwtVerifier } from 'mcpkit/auth';
import { startDevAuthServer } from 'mcpkit/dev-auth-server';
import { listen } from 'mcpkit/node';
import { Server } from 'mcpkit/server';

const port = Number(process.argv[2] ?? 3000);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Usage: node build/examples/auth-server/server.js [port]: ${process.argv[2]} is not a port`);
  process.exit(2);
}

const server = new Server({ name: 'private-notes', version: '1.0.0' });
server.tool('whoami', { description: 'Who the access token speaks for.' }, (_args, ctx) => ({
  content: [{ type: 'text', text: `You are ${ctx.auth?.subject ?? 'nobody'} (scopes: ${ctx.auth?.scopes.join(' ')})` }],
}));
// Checked before the handler runs: a token without the scope gets 403 insufficient_scope.
server.tool('publish', { description: 'Publishes the notes.', scopes: ['notes:write'] }, () => ({
  content: [{ type: 'text', text: 'published' }],
}));

// The authorization server: needs the optional peer dependency oidc-provider.
const authServer = await startDevAuthServer({ scopes: ['mcp', 'notes:write'] });
const http = await listen(server, {
  port,
  auth: {
    authorizationServers: [authServer.issuer],
    // Its tokens are JWTs checked with its published keys; their audience must be this endpoint.
    verifier: jwtVerifier({ issuer: authServer.issuer, jwksUri: authServer.jwksUri, type: 'at+jwt' }),
    scopes: ['mcp'],
    resourceName: 'private notes',
  },
});
// The endpoint's URL is known once it listens: the authorization server issues tokens for it.
authServer.addResource({ resource: http.url, scopes: ['mcp', 'notes:write'] });
console.log(http.url);
console.error(`Serving on ${http.url}, tokens from ${authServer.issuer}. Ctrl-C stops it.`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void Promise.all([http.close(), authServer.close(), server.close()]));
}
