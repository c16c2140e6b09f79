// What a fleet costs. One mcpkit process under wrk (16 connections, tools/call echo), with the
// Redis store and with the memory store in turns: the server's processor time per request, the
// ratio of the two, and the Redis commands each request cost (counted by Redis itself: a
// legacy session's request should cost one, a modern request none). Then throughput through a
// round-robin HTTP proxy (test/helpers/round-robin-proxy.ts, one Node process) to one and to
// three processes on Redis: on a machine of few cores the proxy, wrk, Redis and the processes
// share them, so the second figure says what a fleet costs here more than how it scales. The
// proxy keeps its connections to the processes open, as a production one does.
import { spawn } from 'node:child_process';
import { FIGURES } from '../targets.js';
import type { Figure } from '../figure.js';
import type { BenchOptions, MeasureGroup } from '../options.js';
import { measureTogether, type Sample } from '../measure.js';
import { openHttpSession } from '../drivers/http-session.js';
import { startHttpServer, type HttpServerProcess } from '../drivers/server-process.js';
import { ensureWrk, runWrk, type WrkOptions } from '../drivers/wrk.js';
import { redisMissing, startRedis, type RedisServer } from '../../test/helpers/redis.js';
import { startRoundRobinProxy } from '../../test/helpers/round-robin-proxy.js';

type Mode = 'session' | 'modern';
type Store = 'memory' | 'Redis';
const CONNECTIONS = 16;

/**
 * The commands processes send Redis per request (round trips; a script is one, whatever it
 * runs inside): counted with MONITOR, which lists them by client, over a fixed number of
 * requests apart from the timed runs.
 */
async function commandsPerRequest(redis: RedisServer, load: Omit<WrkOptions, 'durationMs'>): Promise<number> {
  const monitor = spawn('redis-cli', ['-p', String(redis.port), 'monitor'], { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  monitor.stdout.setEncoding('utf8').on('data', (text: string) => (out += text));
  try {
    while (!out.startsWith('OK')) await new Promise((resolve) => setTimeout(resolve, 10));
    const result = await runWrk({ ...load, connections: 4, stopAfter: COUNTED, durationMs: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    // A command a client sent names its address; one a script ran says "lua".
    const sent = out.split('\n').filter((line) => /^\d+\.\d+ \[\d+ \d/.test(line)).length;
    return sent / Math.max(1, result.requests);
  } finally {
    monitor.kill();
  }
}

/** Requests of the counting pass. */
const COUNTED = 2000;

/**
 * A warmed-up wrk run against one fresh process: its CPU per request, and (on Redis) the
 * commands it sends Redis per request.
 */
async function storeSample(
  mode: Mode,
  store: Store,
  redis: RedisServer,
  options: BenchOptions,
): Promise<[cpu: number, commands: number, errors: number]> {
  const server = await startHttpServer('mcpkit', [
    '--mode',
    mode,
    ...(store === 'Redis' ? ['--redis', redis.url] : []),
  ]);
  try {
    const sessionId = mode === 'session' ? await openHttpSession(server.url) : undefined;
    const load = { url: server.url, mode, ...(sessionId !== undefined && { sessionId }), connections: CONNECTIONS };
    await runWrk({ ...load, durationMs: 1000 * options.scale });
    const before = await server.cpu();
    const result = await runWrk({ ...load, durationMs: 3000 * options.scale });
    const after = await server.cpu();
    const cpu = (after.user + after.system - before.user - before.system) / Math.max(1, result.requests);
    const commands = store === 'Redis' ? await commandsPerRequest(redis, load) : 0;
    return [cpu, commands, result.errors];
  } finally {
    await server.stop();
  }
}

function storeFigures(mode: Mode, redis: RedisServer, options: BenchOptions): Promise<Figure[]> {
  let turn = 0;
  return measureTogether(
    {
      heads: [
        { name: FIGURES.fleetCpu(mode, 'memory'), unit: 'µs', higherIsBetter: false },
        { name: FIGURES.fleetCpu(mode, 'Redis'), unit: 'µs', higherIsBetter: false },
        { name: FIGURES.fleetCpuRatio(mode), unit: 'x', higherIsBetter: false },
        { name: FIGURES.fleetRedisCommands(mode), unit: 'commands', higherIsBetter: false },
      ],
      impls: ['mcpkit'],
      run: async (): Promise<Sample[]> => {
        // Which store goes first alternates, so a drift of the machine favours neither.
        const order: Store[] = turn++ % 2 === 0 ? ['memory', 'Redis'] : ['Redis', 'memory'];
        const measured = new Map<Store, [number, number, number]>();
        for (const store of order) measured.set(store, await storeSample(mode, store, redis, options));
        const [memoryCpu, , memoryErrors] = measured.get('memory')!;
        const [redisCpu, commands, redisErrors] = measured.get('Redis')!;
        const errors = memoryErrors + redisErrors;
        return [
          { value: memoryCpu, errors: memoryErrors },
          { value: redisCpu, errors: redisErrors },
          { value: redisCpu / memoryCpu, errors },
          { value: commands, errors: redisErrors },
        ];
      },
    },
    options,
  );
}

/** Session throughput through the proxy to the first `count` of `servers`. */
async function proxiedThroughput(servers: HttpServerProcess[], count: number, options: BenchOptions): Promise<Sample> {
  const proxy = await startRoundRobinProxy(
    servers.slice(0, count).map((server) => new URL(server.url).origin),
    { keepAlive: true },
  );
  try {
    const url = `${proxy.url}/mcp`;
    const sessionId = await openHttpSession(url);
    const load = { url, mode: 'session' as const, sessionId, connections: CONNECTIONS };
    await runWrk({ ...load, durationMs: 1000 * options.scale });
    const result = await runWrk({ ...load, durationMs: 3000 * options.scale });
    return { value: result.requests / result.seconds, p50Ms: result.p50Ms, p99Ms: result.p99Ms, errors: result.errors };
  } finally {
    await proxy.close();
  }
}

export const fleetGroup: MeasureGroup = async (options) => {
  if (!options.impls.includes('mcpkit')) return [];
  const missing = redisMissing();
  if (missing !== undefined) throw new Error(`the fleet figures need Redis: ${missing}`);
  ensureWrk();
  const redis = await startRedis();
  try {
    const figures: Figure[] = [];
    for (const mode of ['session', 'modern'] as const) figures.push(...(await storeFigures(mode, redis, options)));
    figures.push(
      ...(await measureTogether(
        {
          heads: [
            { name: FIGURES.fleetThroughput(1), unit: 'req/s', higherIsBetter: true },
            { name: FIGURES.fleetThroughput(3), unit: 'req/s', higherIsBetter: true },
          ],
          impls: ['mcpkit'],
          run: async () => {
            const servers = await Promise.all(
              [0, 1, 2].map(() => startHttpServer('mcpkit', ['--mode', 'session', '--redis', redis.url])),
            );
            try {
              return [await proxiedThroughput(servers, 1, options), await proxiedThroughput(servers, 3, options)];
            } finally {
              await Promise.all(servers.map((server) => server.stop()));
            }
          },
        },
        options,
      )),
    );
    return figures;
  } finally {
    await redis.stop();
  }
};
