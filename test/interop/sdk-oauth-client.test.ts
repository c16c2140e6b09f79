// The official SDK 1.32.2's client, with its own `OAuthClientProvider`, against mcpkit servers
// that need access tokens (`mcpkit example-server --http --auth`, and one set up in code): the SDK client discovers the protected resource metadata from the
// 401, registers with the development authorization server, sends the user (here a fetch that
// stops at the first redirect) to its authorization endpoint, finishes with `finishAuth`, and
// calls a tool that sees who the token speaks for.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client as SdkClient } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { jwtVerifier } from '../../src/auth/index.js';
import { startDevAuthServer, type DevAuthServer } from '../../src/dev-auth-server/index.js';
import { listen, type ListeningServer } from '../../src/node/index.js';
import { Server } from '../../src/server/index.js';
import { DIST_CLI, serving, type ServingProcess } from '../helpers/e2e.js';

/** The SDK's provider interface, kept in memory; the user consents at once. */
class TestProvider implements OAuthClientProvider {
  readonly redirects: URL[] = [];
  information: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  code: string | undefined;
  readonly redirectUrl = 'http://127.0.0.1:8976/callback';
  readonly clientMetadata: OAuthClientMetadata = {
    client_name: 'SDK interop client',
    redirect_uris: [this.redirectUrl],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
  clientInformation() {
    return this.information;
  }
  saveClientInformation(information: OAuthClientInformationMixed) {
    this.information = information;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  async redirectToAuthorization(url: URL) {
    this.redirects.push(url);
    const response = await fetch(url, { redirect: 'manual' });
    await response.body?.cancel();
    const back = new URL(response.headers.get('location') ?? '', url);
    this.code = back.searchParams.get('code') ?? undefined;
  }
}

/** Connects the SDK client, running the authorization once when the server asks for it. */
async function connect(url: string, provider: TestProvider): Promise<SdkClient> {
  const attempt = async () => {
    const client = new SdkClient({ name: 'sdk-interop', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { authProvider: provider }));
    return client;
  };
  try {
    return await attempt();
  } catch (error) {
    if (!(error instanceof UnauthorizedError)) throw error;
    assert.ok(provider.code, 'the authorization endpoint redirected back with a code');
    const transport = new StreamableHTTPClientTransport(new URL(url), { authProvider: provider });
    await transport.finishAuth(provider.code);
    return attempt();
  }
}

describe("the official SDK's OAuth client against an mcpkit server with the development authorization server", () => {
  let authServer: DevAuthServer;
  let http: ListeningServer;
  before(async () => {
    authServer = await startDevAuthServer();
    const server = new Server({ name: 'protected', version: '1.0.0' });
    server.tool('whoami', {}, (_args, ctx) => ({
      content: [{ type: 'text', text: `${ctx.auth?.subject} via ${ctx.auth?.clientId}` }],
    }));
    http = await listen(server, {
      port: 0,
      auth: { authorizationServers: [authServer.issuer], verifier: jwtVerifier({ issuer: authServer.issuer }) },
    });
    authServer.addResource(http.url);
  });
  after(async () => {
    await http?.close();
    await authServer?.close();
  });

  it('registers, authorizes, and calls a tool as the development user', { timeout: 30_000 }, async () => {
    const provider = new TestProvider();
    const client = await connect(http.url, provider);
    const result = await client.callTool({ name: 'whoami', arguments: {} });
    const clientId = provider.information?.client_id;
    assert.ok(clientId, 'registered dynamically');
    assert.deepEqual(result.content, [{ type: 'text', text: `${authServer.user} via ${clientId}` }]);
    assert.equal(provider.redirects.length, 1);
    assert.equal(provider.redirects[0]!.searchParams.get('resource'), http.url);
    assert.equal(provider.redirects[0]!.searchParams.get('code_challenge_method'), 'S256');
    await client.close();

    // A second client with the kept tokens connects without the user.
    const again = await connect(http.url, provider);
    await again.listTools();
    assert.equal(provider.redirects.length, 1);
    await again.close();
  });

  it('sends the user to authorize again when the server refuses the token it kept', { timeout: 30_000 }, async () => {
    const provider = new TestProvider();
    provider.saved = { access_token: 'not-a-jwt', token_type: 'Bearer' };
    const client = new SdkClient({ name: 'sdk-interop', version: '1.0.0' });
    await assert.rejects(
      client.connect(new StreamableHTTPClientTransport(new URL(http.url), { authProvider: provider })),
      UnauthorizedError,
    );
    assert.equal(provider.redirects.length, 1);
    assert.equal(provider.saved?.access_token, 'not-a-jwt', 'no token was issued without the code');
  });
});

describe("the official SDK's OAuth client against `mcpkit example-server --http --auth`", () => {
  let example: ServingProcess;
  before(async () => {
    example = await serving(DIST_CLI, ['example-server', '--http', '--port', '0', '--auth']);
  });
  after(() => example?.close());

  it(
    'logs in and calls the example tools, and is refused a tool that needs more scope',
    { timeout: 30_000 },
    async () => {
      const provider = new TestProvider();
      const client = await connect(example.url, provider);
      const { tools } = await client.listTools();
      assert.ok(tools.some((tool) => tool.name === 'echo'));
      const echoed = await client.callTool({ name: 'echo', arguments: { text: 'from the SDK' } });
      assert.match(JSON.stringify(echoed.content), /from the SDK/);
      assert.equal(provider.redirects.length, 1);
      assert.equal(provider.redirects[0]!.searchParams.get('resource'), example.url);
      await client.close();
    },
  );
});
