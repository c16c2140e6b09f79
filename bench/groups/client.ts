// Client figures: each client calls echo on the raw stdio server, one at a time and 64 in
// flight, so the client's own overhead shows. "raw" is the minimal hand-written client.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { FIGURES } from '../targets.js';
import type { Figure, Implementation } from '../figure.js';
import type { BenchOptions, MeasureGroup } from '../options.js';
import { measure, type Sample } from '../measure.js';
import type { ClientRun } from '../clients/measure-client.js';

const MEASURE_CLIENT = fileURLToPath(new URL('../clients/measure-client.js', import.meta.url));
const ALL: readonly Implementation[] = ['raw', 'mcpkit', 'sdk-v1', 'sdk-v2'];

function clientSample(impl: Implementation, inFlight: number, options: BenchOptions): Promise<Sample> {
  const args = [MEASURE_CLIENT, impl, String(inFlight), String(1000 * options.scale), String(3000 * options.scale)];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { timeout: 120_000 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`${impl} client: ${error.message} ${stderr.slice(-300)}`));
      const run = JSON.parse(stdout.trim().split('\n').pop()!) as ClientRun;
      resolve({ value: run.calls / run.seconds, p50Ms: run.p50Ms, p99Ms: run.p99Ms, errors: run.errors });
    });
  });
}

export const clientGroup: MeasureGroup = async (options) => {
  const figures: Figure[] = [];
  for (const [name, inFlight] of [
    [FIGURES.clientSequential, 1],
    [FIGURES.client64, 64],
  ] as const) {
    figures.push(
      ...(await measure(
        {
          name,
          unit: 'calls/s',
          higherIsBetter: true,
          impls: ALL,
          run: (impl) => clientSample(impl, inFlight, options),
        },
        options,
      )),
    );
  }
  return figures;
};
