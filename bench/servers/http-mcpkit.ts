// The workload served by mcpkit over Streamable HTTP: one endpoint for both eras. With `--auth`
// the endpoint is a resource server: every request needs a JWT access token, verified against
// the issuer's keys (fetched once, then cached), which the driver is handed on the first line;
// the same server is also served without authorization on a second port. `--telemetry
// off|api|sdk` (servers/otel-setup.ts) sets up OpenTelemetry, or not, before it serves.
import { jwtVerifier } from 'mcpkit/auth';
import { listen } from 'mcpkit/node';
import { toolCountFromArgs } from '../workload.js';
import { announce } from './http-serving.js';
import { startBenchIssuer } from './jwt-issuer.js';
import { mcpkitServer } from './mcpkit-workload.js';
import { setUpTelemetry, telemetryFromArgs } from './otel-setup.js';

await setUpTelemetry(telemetryFromArgs(process.argv));
const server = mcpkitServer(toolCountFromArgs(process.argv));
if (process.argv.includes('--auth')) {
  const issuer = await startBenchIssuer();
  const listening = await listen(server, {
    port: 0,
    auth: {
      authorizationServers: [issuer.issuer],
      verifier: jwtVerifier({ issuer: issuer.issuer, jwksUri: issuer.jwksUri }),
      scopes: ['mcp'],
    },
  });
  // The same server without authorization on another port, for the paired cost figure.
  const plain = await listen(server, { port: 0 });
  announce(listening.url, await issuer.token(listening.url), plain.url);
} else if (process.argv.includes('--redis')) {
  // One process of a fleet on the Redis at the next argument.
  const { redisStore } = await import('mcpkit/redis');
  const store = await redisStore({ url: process.argv[process.argv.indexOf('--redis') + 1]! });
  announce((await listen(server, { port: 0, store })).url);
} else {
  announce((await listen(server, { port: 0 })).url);
}
