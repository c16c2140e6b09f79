/**
 * One process of a fleet: the same server in every process, sharing what the protocol keeps
 * (2025-11-25 sessions, streams, tasks, requestState keys) through Redis, so that any process
 * serves any request of any client and a load balancer needs no sticky sessions. Its URL goes
 * to stdout. Configured by the environment: REDIS_URL (default redis://127.0.0.1:6379), PORT
 * (default 3000; 0 for any free one), HOST (default 127.0.0.1; 0.0.0.0 in a container) and
 * FLEET_NAME, the name its answers give (default its process id).
 */
import { listen } from 'mcpkit/node';
import { redisStore } from 'mcpkit/redis';
import { Server } from 'mcpkit/server';

const name = process.env.FLEET_NAME ?? `pid ${process.pid}`;
const port = Number(process.env.PORT ?? 3000);
const server = new Server({ name: 'fleet', version: '1.0.0' });
server.tool('where', { description: 'Which process of the fleet served this call.' }, () => ({
  content: [{ type: 'text', text: `served by process ${name}` }],
}));

// The same code in every process; redisStore needs the @redis/client package.
const store = await redisStore({ url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' });
// Host and Origin checks stay on: clients must name a loopback host (as through the balancer).
const http = await listen(server, { port, host: process.env.HOST ?? '127.0.0.1', store });
console.log(http.url);
console.error(`Process ${name} of the fleet serving on ${http.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void Promise.all([http.close(), server.close()]).then(() => store.close()));
}
