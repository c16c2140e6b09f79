// A token issuer for the authorization figures: an ES256 key pair made at start, its public half
// served as a JWK set on a loopback port, and JWT access tokens signed with it. The mcpkit server
// in `--auth` mode verifies tokens against that set, as against a real authorization server's.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export interface BenchIssuer {
  /** The issuer identifier, `http://127.0.0.1:<port>`. */
  readonly issuer: string;
  readonly jwksUri: string;
  /** A token meant for `audience`, valid for an hour, naming `scope`. */
  token(audience: string, scope?: string): Promise<string>;
  close(): void;
}

export async function startBenchIssuer(): Promise<BenchIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'ES256', use: 'sig' };
  const http = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  http.unref();
  const issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    issuer,
    jwksUri: `${issuer}/jwks`,
    token: (audience, scope = 'mcp') => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ iss: issuer, sub: 'bench-user', aud: audience, scope, iat: now, exp: now + 3600 })
        .setProtectedHeader({ alg: 'ES256', kid: 'bench', typ: 'at+jwt' })
        .sign(privateKey);
    },
    close: () => http.close(),
  };
}
