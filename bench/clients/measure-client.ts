// Measures one client in a process of its own (so no other client's code is loaded):
//   node measure-client.js <impl> <in flight> <warm-up ms> <measured ms>
// Prints one JSON line: calls answered correctly, errors, seconds, and latencies in ms.
import { quantile, type Implementation } from '../figure.js';
import { isEchoResult } from '../drivers/answers.js';
import { CONNECT } from './client-adapters.js';

export interface ClientRun {
  calls: number;
  errors: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
}

async function load(callEcho: () => Promise<unknown>, inFlight: number, durationMs: number): Promise<ClientRun> {
  const started = performance.now();
  const deadline = started + durationMs;
  const latencies: number[] = [];
  let calls = 0;
  let errors = 0;
  const worker = async (): Promise<void> => {
    while (performance.now() < deadline) {
      const sentAt = performance.now();
      try {
        if (isEchoResult(await callEcho())) calls++;
        else errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - sentAt);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return {
    calls,
    errors,
    seconds: (performance.now() - started) / 1000,
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
  };
}

const [impl, inFlight, warmMs, measuredMs] = process.argv.slice(2);
const client = await CONNECT[impl as Implementation]();
await load(() => client.callEcho(), Number(inFlight), Number(warmMs));
const run = await load(() => client.callEcho(), Number(inFlight), Number(measuredMs));
await client.close();
process.stdout.write(JSON.stringify(run) + '\n');
process.exit(0);
