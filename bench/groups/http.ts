// Streamable HTTP figures on 127.0.0.1 under wrk: tools/call echo at 1, 16 and 64 connections,
// in one 2025-11-25 session and as 2026-07-28 modern requests. The 1.x SDK has no
// modern mode. Also the modern figure against the number of registered tools.
import { FIGURES } from '../targets.js';
import type { Figure, Implementation } from '../figure.js';
import type { BenchOptions, MeasureGroup } from '../options.js';
import { measure, type Sample } from '../measure.js';
import { openHttpSession } from '../drivers/http-session.js';
import { startHttpServer } from '../drivers/server-process.js';
import { ensureWrk, runWrk } from '../drivers/wrk.js';

export type HttpMode = 'session' | 'modern';

export const HTTP_IMPLS: Record<HttpMode, readonly Implementation[]> = {
  session: ['raw', 'mcpkit', 'sdk-v1', 'sdk-v2'],
  modern: ['raw', 'mcpkit', 'sdk-v2'],
};

/** One warmed-up wrk run against a fresh server. */
export async function httpSample(
  impl: Implementation,
  mode: HttpMode,
  connections: number,
  options: BenchOptions,
  toolCount?: number,
): Promise<Sample> {
  const server = await startHttpServer(impl, [
    '--mode',
    mode,
    ...(toolCount === undefined ? [] : ['--tools', String(toolCount)]),
  ]);
  try {
    const sessionId = mode === 'session' ? await openHttpSession(server.url) : undefined;
    const load = { url: server.url, mode, ...(sessionId !== undefined && { sessionId }), connections };
    await runWrk({ ...load, durationMs: 1000 * options.scale });
    const result = await runWrk({ ...load, durationMs: 3000 * options.scale });
    return { value: result.requests / result.seconds, p50Ms: result.p50Ms, p99Ms: result.p99Ms, errors: result.errors };
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
      figures.push(
        ...(await measure(
          {
            name,
            unit: 'req/s',
            higherIsBetter: true,
            impls: HTTP_IMPLS[mode],
            run: (impl) => httpSample(impl, mode, connections, options),
          },
          options,
        )),
      );
    }
  }
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
          run: (impl) => httpSample(impl, 'modern', 16, options, tools),
        },
        options,
      )),
    );
  }
  return figures;
};
