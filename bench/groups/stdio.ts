// stdio figures: tools/call echo one at a time and 64 in flight, tools/list of 102 tools, and
// cold start (spawn to the answer to initialize). Each repetition runs in a fresh server
// process, warmed up before it is measured.
import { FIGURES } from '../targets.js';
import { median, quantile, type Figure, type Implementation } from '../figure.js';
import type { BenchOptions, MeasureGroup } from '../options.js';
import { measure, type Sample } from '../measure.js';
import { ECHO_CALL_PARAMS, isEchoResult, isToolList } from '../drivers/answers.js';
import { LineClient, LEGACY_VERSION } from '../drivers/line-client.js';
import { runLoad, type LoadSpec } from '../drivers/load.js';
import { spawnStdioServer, stopChild } from '../drivers/server-process.js';
import { CLIENT_INFO, DEFAULT_TOOL_COUNT } from '../workload.js';

const ALL: readonly Implementation[] = ['raw', 'mcpkit', 'sdk-v1', 'sdk-v2'];

/** Runs `spec` against a fresh, initialized server: first for the warm-up, then measured. */
async function loadSample(
  impl: Implementation,
  options: BenchOptions,
  spec: Omit<LoadSpec, 'durationMs'>,
): Promise<Sample> {
  const child = spawnStdioServer(impl);
  try {
    const client = new LineClient(child.stdin!, child.stdout!);
    await client.initialize();
    await runLoad(client, { ...spec, durationMs: 1000 * options.scale, latencies: undefined });
    const result = await runLoad(client, { ...spec, durationMs: 3000 * options.scale });
    const latencies = spec.latencies;
    return {
      value: result.calls / result.seconds,
      errors: result.errors,
      ...(latencies && { p50Ms: quantile(latencies, 0.5), p99Ms: quantile(latencies, 0.99) }),
    };
  } finally {
    await stopChild(child);
  }
}

async function coldStart(impl: Implementation): Promise<number> {
  const started = performance.now();
  const child = spawnStdioServer(impl);
  try {
    const client = new LineClient(child.stdin!, child.stdout!);
    const answer = await client.request('initialize', {
      protocolVersion: LEGACY_VERSION,
      capabilities: {},
      clientInfo: CLIENT_INFO,
    });
    if (answer.result === undefined) throw new Error(`initialize failed: ${JSON.stringify(answer.error)}`);
    return performance.now() - started;
  } finally {
    await stopChild(child);
  }
}

export const stdioGroup: MeasureGroup = async (options) => {
  const echo = { method: 'tools/call', paramsJson: ECHO_CALL_PARAMS, check: isEchoResult };
  const figures: Figure[] = [];
  figures.push(
    ...(await measure(
      {
        name: FIGURES.stdioCallSequential,
        unit: 'calls/s',
        higherIsBetter: true,
        impls: ALL,
        run: (impl) => loadSample(impl, options, { ...echo, inFlight: 1, latencies: [] }),
      },
      options,
    )),
    ...(await measure(
      {
        name: FIGURES.stdioCall64,
        unit: 'calls/s',
        higherIsBetter: true,
        impls: ALL,
        run: (impl) => loadSample(impl, options, { ...echo, inFlight: 64 }),
      },
      options,
    )),
    ...(await measure(
      {
        name: FIGURES.stdioList,
        unit: 'calls/s',
        higherIsBetter: true,
        impls: ALL,
        run: (impl) =>
          loadSample(impl, options, {
            method: 'tools/list',
            paramsJson: '{}',
            check: (r) => isToolList(r, DEFAULT_TOOL_COUNT),
            inFlight: 1,
          }),
      },
      options,
    )),
    ...(await measure(
      {
        name: FIGURES.coldStart,
        unit: 'ms',
        higherIsBetter: false,
        impls: ALL,
        run: async (impl) => {
          const times: number[] = [];
          for (let i = 0; i < Math.max(3, Math.round(7 * options.scale)); i++) times.push(await coldStart(impl));
          return { value: median(times), errors: 0 };
        },
      },
      options,
    )),
  );
  return figures;
};
