// What telemetry costs mcpkit's HTTP server per tools/call (wrk, 16 connections, both eras):
// three processes of the same server (servers/http-mcpkit.ts --telemetry off|api|sdk, see
// servers/otel-setup.ts) started together and loaded in turns, round after round, the order
// rotating, so the machine's drift falls on the three alike. They must be three processes:
// `off` is a process that never loads OpenTelemetry, and an SDK's context manager
// (AsyncLocalStorage) costs every promise of the process it is enabled in. Each turn's server
// processor time per request is divided by (or taken from) that of the `off` turn of its round;
// a repetition reports the median over its rounds. A second `off` process, loaded in the same
// rounds, shows the noise: its ratio to the first is what the method reports where nothing
// differs. Raw and the official SDKs are measured beside, one process each loaded in turns of
// the same length, for the table's side-by-side figure.
import { FIGURES } from '../targets.js';
import { median, type Figure, type Implementation } from '../figure.js';
import type { BenchOptions, MeasureGroup } from '../options.js';
import { measureTogether, type Sample } from '../measure.js';
import { openHttpSession } from '../drivers/http-session.js';
import { startHttpServer } from '../drivers/server-process.js';
import { ensureWrk, runWrk } from '../drivers/wrk.js';
import type { TelemetryMode } from '../servers/otel-setup.js';
import { HTTP_IMPLS, type HttpMode } from './http.js';

const SETUPS: readonly TelemetryMode[] = ['off', 'api', 'sdk'];
/**
 * Rounds of turns per repetition, after a warm-up of each process. Many short turns (wrk's
 * shortest, 1 s) rather than a few long ones: two turns of a round lie closer in time, so
 * another process's burst on a shared machine falls more often on both.
 */
const ROUNDS = 10;

/** A kind of turn: which process is loaded, and what it is told first (servers/otel-setup.ts). */
interface TurnKind {
  process: number;
  message?: 'telemetry:on' | 'telemetry:off';
}

/**
 * Starts one server process per entry of `processes` and loads them in turns of each kind
 * (one per process by default): a warm-up of each, then ROUNDS rounds of one turn of each kind,
 * the order rotating (and reversed every other round). Returns the processor time per request
 * of each kind's turns, turn by turn (µs).
 */
async function cpuInTurns(
  impl: Implementation,
  mode: HttpMode,
  processes: readonly (readonly string[])[],
  options: BenchOptions,
  kinds: readonly TurnKind[] = processes.map((_, at) => ({ process: at })),
): Promise<{ turns: number[][]; errors: number }> {
  const servers = await Promise.all(processes.map((extra) => startHttpServer(impl, ['--mode', mode, ...extra])));
  try {
    const loads = await Promise.all(
      servers.map(async (server) => ({
        url: server.url,
        mode,
        connections: 16,
        ...(mode === 'session' && { sessionId: await openHttpSession(server.url) }),
      })),
    );
    let errors = 0;
    const turn = async ({ process, message }: TurnKind, durationMs: number): Promise<number> => {
      const server = servers[process]!;
      // Sent on the probes' channel before the first probe, so handled before it answers.
      if (message !== undefined) server.child.send(message);
      const before = await server.cpu();
      const result = await runWrk({ ...loads[process]!, durationMs });
      const after = await server.cpu();
      errors += result.errors;
      return (after.user + after.system - before.user - before.system) / Math.max(1, result.requests);
    };
    for (const kind of kinds) await turn(kind, 1000 * options.scale);
    const turns = kinds.map((): number[] => []);
    const indices = kinds.map((_, at) => at);
    for (let round = 0; round < Math.max(3, Math.round(ROUNDS * options.scale)); round++) {
      const rotated = [...indices.slice(round % indices.length), ...indices.slice(0, round % indices.length)];
      for (const at of round % 2 === 0 ? rotated : rotated.reverse()) turns[at]!.push(await turn(kinds[at]!, 1000));
    }
    return { turns, errors };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

/**
 * One repetition of mcpkit: CPU per request off, api, sdk; api ÷ off, sdk ÷ off; sdk − off; a
 * second `off` process ÷ the first, what the method sees where there is no difference; and the
 * `api` process instrumented ÷ itself with `uninstrument()` called, which is the `off` path (a
 * module loaded but never called costs no time per request) without the processes' difference.
 */
async function mcpkitSample(mode: HttpMode, options: BenchOptions): Promise<Sample[]> {
  const { turns, errors } = await cpuInTurns(
    'mcpkit',
    mode,
    [...SETUPS, 'off'].map((setup) => ['--telemetry', setup]),
    options,
    // In this order, so each pair compared lies side by side in most rounds' rotated order.
    [
      { process: 3 },
      { process: 0 },
      { process: 1, message: 'telemetry:on' },
      { process: 1, message: 'telemetry:off' },
      { process: 2 },
    ],
  );
  const [offAgain, off, api, apiOff, sdk] = turns as [number[], number[], number[], number[], number[]];
  const byRound = (f: (round: number) => number) => median(off.map((_, round) => f(round)));
  return [
    ...[off, api, sdk].map((values) => ({ value: median(values), errors })),
    { value: byRound((r) => api[r]! / off[r]!), errors },
    { value: byRound((r) => sdk[r]! / off[r]!), errors },
    { value: byRound((r) => sdk[r]! - off[r]!), errors },
    { value: byRound((r) => offAgain[r]! / off[r]!), errors },
    { value: byRound((r) => api[r]! / apiOff[r]!), errors },
  ];
}

function telemetryFigures(mode: HttpMode, options: BenchOptions): Promise<Figure[]> {
  const cpu = { unit: 'µs', higherIsBetter: false };
  const heads = [
    ...SETUPS.map((setup) => ({ name: FIGURES.telemetryCpu(mode, setup), ...cpu })),
    { name: FIGURES.telemetryCpuRatio(mode, 'api'), unit: 'x', higherIsBetter: false },
    { name: FIGURES.telemetryCpuRatio(mode, 'sdk'), unit: 'x', higherIsBetter: false },
    { name: FIGURES.telemetryAddedCpu(mode), ...cpu },
    { name: FIGURES.telemetryNoise(mode), unit: 'x', higherIsBetter: false },
    { name: FIGURES.telemetryApiToggled(mode), unit: 'x', higherIsBetter: false },
  ];
  return measureTogether(
    {
      heads,
      impls: HTTP_IMPLS[mode],
      run: async (impl) => {
        if (impl === 'mcpkit') return mcpkitSample(mode, options);
        // The others have no telemetry: their one figure sits beside mcpkit's `off`.
        const { turns, errors } = await cpuInTurns(impl, mode, [[]], options);
        return [{ value: median(turns[0]!), errors }, ...heads.slice(1).map(() => ({ value: Number.NaN, errors: 0 }))];
      },
    },
    options,
  );
}

export const telemetryGroup: MeasureGroup = async (options) => {
  ensureWrk();
  const figures: Figure[] = [];
  for (const mode of ['session', 'modern'] as const) {
    const offName = FIGURES.telemetryCpu(mode, 'off');
    const measured = await telemetryFigures(mode, options);
    figures.push(...measured.filter((figure) => figure.impl === 'mcpkit' || figure.name === offName));
  }
  return figures;
};
