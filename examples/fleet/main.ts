/**
 * A fleet on one machine, without Docker: Redis (Debian's redis-server on a free port, or the
 * one at REDIS_URL), three processes of server.ts sharing it, and a round-robin balancer in
 * front. A 2025-11-25 client opens one session through the balancer and calls a tool six times:
 * the calls land on every process, and each serves the same session. A 2026-07-28 client, which
 * needs no session, follows. Run: `npm run example -- fleet`.
 */
import { fileURLToPath } from 'node:url';
import { Client } from 'mcpkit/client';
import { connectHttp } from 'mcpkit/http';
import { startServing, type Serving } from '../shared/serving.js';
import { startBalancer } from './balancer.js';
import { startRedisServer } from './redis.js';

let redis: { url: string; stop(): Promise<void> } | undefined;
if (!process.env.REDIS_URL) {
  try {
    redis = await startRedisServer();
  } catch (error) {
    console.error(
      `${(error as Error).message}: install it (apt-get install redis-server), set REDIS_URL, or use compose.yaml`,
    );
    process.exit(2);
  }
}
const redisUrl = redis?.url ?? process.env.REDIS_URL!;
console.log(`redis at ${redisUrl}`);

const serverFile = fileURLToPath(new URL('server.js', import.meta.url));
const processes: Serving[] = [];
try {
  for (const name of ['A', 'B', 'C']) {
    const env = { ...process.env, REDIS_URL: redisUrl, PORT: '0', FLEET_NAME: name };
    processes.push(await startServing(process.execPath, [serverFile], { env }));
    console.log(`process ${name} at ${processes.at(-1)!.url}`);
  }
  const balancer = await startBalancer(processes.map((p) => new URL(p.url).origin));
  console.log(`balancer at ${balancer.url}`);
  try {
    for (const era of ['legacy', 'modern'] as const) {
      const { session, transport } = await connectHttp(
        new Client({ name: `${era}-client`, version: '1.0.0' }),
        balancer.url,
        {
          era,
        },
      );
      const sessionId = 'sessionId' in transport ? transport.sessionId : undefined;
      for (let call = 1; call <= 6; call++) {
        const result = await session.callTool({ name: 'where', arguments: {} });
        const text = result.content.map((block) => ('text' in block ? block.text : '')).join('');
        console.log(`${session.protocolVersion} call ${call} (session ${sessionId ?? 'none'}): ${text}`);
      }
      await session.close();
    }
  } finally {
    balancer.server.closeAllConnections();
    balancer.server.close();
  }
} finally {
  await Promise.all(processes.map((p) => p.stop()));
  await redis?.stop();
}
