// Memory figures of the HTTP servers, read through their memory probe after full collections:
// heap and RSS growth per idle 2025-11-25 session over 1,000 sessions, and the growth after
// 100,000 modern requests (flat means nothing is retained per request).
import { FIGURES } from '../targets.js';
import type { Implementation } from '../figure.js';
import type { MeasureGroup } from '../options.js';
import { measureTogether, type Sample } from '../measure.js';
import { openHttpSession } from '../drivers/http-session.js';
import { startHttpServer } from '../drivers/server-process.js';
import { ensureWrk, runWrk } from '../drivers/wrk.js';
import { HTTP_IMPLS } from './http.js';

const KIB = 1024;

async function openSessions(url: string, count: number, concurrency: number): Promise<void> {
  let opened = 0;
  const worker = async (): Promise<void> => {
    while (opened < count) {
      opened++;
      await openHttpSession(url);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

async function sessionSample(impl: Implementation, sessions: number): Promise<Sample[]> {
  const server = await startHttpServer(impl, ['--mode', 'session']);
  try {
    // Warms the code paths up first (twice as many sessions as are measured): the optimizing
    // compiler keeps compiling for thousands of requests, and its code is not held per session.
    await openSessions(server.url, 2 * sessions, 8);
    const before = await server.memory();
    await openSessions(server.url, sessions, 8);
    const after = await server.memory();
    return [
      { value: (after.heapUsed - before.heapUsed) / sessions / KIB, errors: 0 },
      { value: (after.rss - before.rss) / sessions / KIB, errors: 0 },
    ];
  } finally {
    await server.stop();
  }
}

async function modernSample(impl: Implementation, requests: number, boundMs: number): Promise<Sample[]> {
  const server = await startHttpServer(impl, ['--mode', 'modern']);
  try {
    await runWrk({ url: server.url, mode: 'modern', connections: 16, durationMs: 1000 });
    const before = await server.memory();
    const load = await runWrk({
      url: server.url,
      mode: 'modern',
      connections: 16,
      durationMs: boundMs,
      stopAfter: requests,
    });
    const after = await server.memory();
    const note =
      load.requests < requests
        ? `${load.requests.toLocaleString('en-US')} requests in ${Math.round(load.seconds)} s`
        : undefined;
    const sample = (value: number): Sample => ({ value, errors: load.errors, ...(note !== undefined && { note }) });
    return [sample((after.rss - before.rss) / KIB), sample((after.heapUsed - before.heapUsed) / KIB)];
  } finally {
    await server.stop();
  }
}

export const memoryGroup: MeasureGroup = async (options) => {
  ensureWrk();
  const sessions = Math.max(100, Math.round(1000 * options.scale));
  const requests = Math.max(10_000, Math.round(100_000 * options.scale));
  return [
    ...(await measureTogether(
      {
        heads: [
          { name: FIGURES.heapPerSession, unit: 'KiB', higherIsBetter: false },
          { name: FIGURES.rssPerSession, unit: 'KiB', higherIsBetter: false },
        ],
        impls: HTTP_IMPLS.session,
        run: (impl) => sessionSample(impl, sessions),
      },
      options,
    )),
    ...(await measureTogether(
      {
        heads: [
          { name: FIGURES.rssAfterModern, unit: 'KiB', higherIsBetter: false },
          { name: FIGURES.heapAfterModern, unit: 'KiB', higherIsBetter: false },
        ],
        impls: HTTP_IMPLS.modern,
        run: (impl) => modernSample(impl, requests, 40_000 * Math.max(options.scale, 0.25)),
      },
      options,
    )),
  ];
};
