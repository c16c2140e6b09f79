// What authorization costs mcpkit's HTTP server per request, as a ratio: one server process
// serves the same server twice, on one port as a resource server (every request carries a JWT,
// verified against an issuer's ES256 keys and remembered) and on another without
// authorization; wrk loads them in turns, and each turn's processor time per request is divided
// by that of the turn beside it. Measured apart, in two processes, the same workload differs
// by more than the 10% this figure is held to; in turns within one process, JIT state, heap
// and the machine's drift fall on both alike. The value is the median of the turns' ratios.
import { FIGURES } from '../targets.js';
import { median, type Figure } from '../figure.js';
import type { BenchOptions } from '../options.js';
import { measure, type Sample } from '../measure.js';
import { openHttpSession } from '../drivers/http-session.js';
import { startHttpServer } from '../drivers/server-process.js';
import { runWrk } from '../drivers/wrk.js';
import type { HttpMode } from '../servers/http-serving.js';

/** Pairs of turns per sample. */
const PAIRS = 6;

async function pairedSample(mode: HttpMode, options: BenchOptions): Promise<Sample> {
  const server = await startHttpServer('mcpkit', ['--mode', mode, '--auth']);
  try {
    const { token, plainUrl } = server;
    if (token === undefined || plainUrl === undefined) throw new Error('the mcpkit server did not serve both ways');
    const endpoint = async (url: string, withToken: string | undefined) => ({
      url,
      mode,
      connections: 16,
      ...(withToken !== undefined && { token: withToken }),
      ...(mode === 'session' && { sessionId: await openHttpSession(url, withToken) }),
    });
    const authorized = await endpoint(server.url, token);
    const plain = await endpoint(plainUrl, undefined);
    let errors = 0;
    /** One turn: the server's processor time per request, in microseconds. */
    const turn = async (load: typeof plain, durationMs: number): Promise<number> => {
      const before = await server.cpu();
      const result = await runWrk({ ...load, durationMs });
      const after = await server.cpu();
      errors += result.errors;
      return (after.user + after.system - before.user - before.system) / Math.max(1, result.requests);
    };
    await turn(authorized, 1000 * options.scale);
    await turn(plain, 1000 * options.scale);
    const ratios: number[] = [];
    for (let pair = 0; pair < PAIRS; pair++) {
      // Alternating which goes first, so a machine growing slower favours neither.
      const [first, second] = pair % 2 === 0 ? [authorized, plain] : [plain, authorized];
      const a = await turn(first, 1500 * options.scale);
      const b = await turn(second, 1500 * options.scale);
      ratios.push(first === authorized ? a / b : b / a);
    }
    return { value: median(ratios), errors };
  } finally {
    await server.stop();
  }
}

export async function authCostFigures(options: BenchOptions): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const mode of ['session', 'modern'] as const) {
    figures.push(
      ...(await measure(
        {
          name: FIGURES.httpAuthCpuPaired(mode),
          unit: 'x',
          higherIsBetter: false,
          impls: ['mcpkit'],
          run: () => pairedSample(mode, options),
        },
        options,
      )),
    );
  }
  return figures;
}
