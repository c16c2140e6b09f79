// Closed-loop load over a LineClient: `inFlight` requests outstanding at all times until the
// deadline, each answer checked; the run ends when the last outstanding answer is in.
import type { Answer, LineClient } from './line-client.js';

export interface LoadSpec {
  method: string;
  paramsJson: string;
  /** Whether a result is the right answer. */
  check(result: unknown): boolean;
  inFlight: number;
  durationMs: number;
  /** When given, each call's latency in ms is pushed here. */
  latencies?: number[];
}

export interface LoadResult {
  /** Calls answered correctly. */
  calls: number;
  /** Calls answered with an error or a wrong result. */
  errors: number;
  seconds: number;
}

export function runLoad(client: LineClient, spec: LoadSpec): Promise<LoadResult> {
  const { method, paramsJson, check, inFlight, latencies } = spec;
  return new Promise((resolve) => {
    const started = performance.now();
    const deadline = started + spec.durationMs;
    let calls = 0;
    let errors = 0;
    let open = 0;
    const fire = (): void => {
      open++;
      const sentAt = latencies === undefined ? 0 : performance.now();
      client.send(method, paramsJson, (answer: Answer) => {
        open--;
        const now = performance.now();
        latencies?.push(now - sentAt);
        if (answer.result !== undefined && check(answer.result)) calls++;
        else errors++;
        if (now < deadline) fire();
        else if (open === 0) resolve({ calls, errors, seconds: (now - started) / 1000 });
      });
    };
    for (let i = 0; i < inFlight; i++) fire();
  });
}
