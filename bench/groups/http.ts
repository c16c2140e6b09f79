// Streamable HTTP figures on 127.0.0.1 under wrk: tools/call echo at 1, 16 and 64 connections,
// in one 2025-11-25 session and as 2026-07-28 modern requests. The 1.x SDK has no
// modern mode. At 16 connections also the server's processor time per request, which a busy
// shared machine disturbs less than throughput, and the same again with every request carrying
// a JWT access token: mcpkit as a resource server verifying it (against the issuer's cached
// keys), raw receiving a header of the same size and ignoring it (what reading the header
// costs any Node server), each measured right after its run without one so the two pair up.
// Also the modern figure against the number of registered tools.
import { FIGURES } from '../targets.js';
import type { Figure, Implementation } from '../figure.js';
import type { BenchOptions, MeasureGroup } from '../options.js';
import { measure, measureTogether, type Sample } from '../measure.js';
import { openHttpSession } from '../drivers/http-session.js';
import { startHttpServer } from '../drivers/server-process.js';
import { ensureWrk, runWrk } from '../drivers/wrk.js';
import { jwtVerificationFigures } from './auth.js';
import { authCostFigures } from './auth-cost.js';

export type HttpMode = 'session' | 'modern';

export const HTTP_IMPLS: Record<HttpMode, readonly Implementation[]> = {
  session: ['raw', 'mcpkit', 'sdk-v1', 'sdk-v2'],
  modern: ['raw', 'mcpkit', 'sdk-v2'],
};

/** Measured with an access token on every request too. */
const AUTH_IMPLS: readonly Implementation[] = ['raw', 'mcpkit'];

/** What raw is sent instead of a token: a header of a JWT's usual size, which it ignores. */
const STAND_IN_TOKEN = `eyJ${'a'.repeat(120)}.${'b'.repeat(300)}.${'c'.repeat(86)}`;

/**
 * One warmed-up wrk run against a fresh server: requests per second, and the server's processor
 * time (user and system) per request, in microseconds. `auth`: every request carries an access
 * token (mcpkit checks it; raw is sent a stand-in of the same size).
 */
export async function httpSample(
  impl: Implementation,
  mode: HttpMode,
  connections: number,
  options: BenchOptions,
  toolCount?: number,
  auth = false,
): Promise<[throughput: Sample, cpu: Sample]> {
  const server = await startHttpServer(impl, [
    '--mode',
    mode,
    ...(toolCount === undefined ? [] : ['--tools', String(toolCount)]),
    ...(auth ? ['--auth'] : []),
  ]);
  try {
    const token = server.token ?? (auth ? STAND_IN_TOKEN : undefined);
    const sessionId = mode === 'session' ? await openHttpSession(server.url, token) : undefined;
    const load = {
      url: server.url,
      mode,
      ...(sessionId !== undefined && { sessionId }),
      ...(token !== undefined && { token }),
      connections,
    };
    await runWrk({ ...load, durationMs: 1000 * options.scale });
    const before = await server.cpu();
    const result = await runWrk({ ...load, durationMs: 3000 * options.scale });
    const after = await server.cpu();
    const cpuUs = after.user + after.system - before.user - before.system;
    return [
      { value: result.requests / result.seconds, p50Ms: result.p50Ms, p99Ms: result.p99Ms, errors: result.errors },
      { value: cpuUs / Math.max(1, result.requests), errors: result.errors },
    ];
  } finally {
    await server.stop();
  }
}

export const httpGroup: MeasureGroup = async (options) => {
  ensureWrk();
  const figures: Figure[] = [];
  for (const mode of ['session', 'modern'] as const) {
    for (const connections of [1, 16, 64]) {
      const name = mode === 'session' ? FIGURES.httpSession(connections) : FIGURES.httpModern(connections);
      const throughput = { name, unit: 'req/s', higherIsBetter: true };
      const cpu = {
        name: mode === 'session' ? FIGURES.httpSessionCpu : FIGURES.httpModernCpu,
        unit: 'µs',
        higherIsBetter: false,
      };
      // mcpkit as a resource server, right after the same run without authorization.
      const authHeads = [
        { name: FIGURES.httpAuth(mode), unit: 'req/s', higherIsBetter: true },
        { name: FIGURES.httpAuthCpu(mode), unit: 'µs', higherIsBetter: false },
      ];
      const measured = await measureTogether(
        {
          heads: connections === 16 ? [throughput, cpu, ...authHeads] : [throughput],
          impls: HTTP_IMPLS[mode],
          run: async (impl) => {
            const samples = await httpSample(impl, mode, connections, options);
            if (connections !== 16) return [samples[0]];
            const none: Sample = { value: Number.NaN, errors: 0 };
            const authorized = AUTH_IMPLS.includes(impl)
              ? await httpSample(impl, mode, connections, options, undefined, true)
              : [none, none];
            return [...samples, ...authorized];
          },
        },
        options,
      );
      const authNames = new Set(authHeads.map((head) => head.name));
      figures.push(...measured.filter((figure) => !authNames.has(figure.name) || AUTH_IMPLS.includes(figure.impl)));
    }
  }
  if (options.impls.includes('mcpkit'))
    figures.push(...(await authCostFigures(options)), ...(await jwtVerificationFigures(options)));
  return figures;
};

/** The cost of a modern request must not grow with the number of tools registered. */
export const toolScalingGroup: MeasureGroup = async (options) => {
  ensureWrk();
  const figures: Figure[] = [];
  for (const tools of [1, 50, 200]) {
    figures.push(
      ...(await measure(
        {
          name: FIGURES.modernByTools(tools),
          unit: 'req/s',
          higherIsBetter: true,
          impls: HTTP_IMPLS.modern,
          run: async (impl) => (await httpSample(impl, 'modern', 16, options, tools))[0],
        },
        options,
      )),
    );
  }
  return figures;
};
