// One measured figure of the benchmark: several repetitions of one workload against one
// implementation, summarized by their median.

/** The implementations measured side by side. */
export type Implementation = 'raw' | 'mcpkit' | 'sdk-v1' | 'sdk-v2';

export interface Figure {
  /** What is measured, e.g. "stdio tools/call, 64 in flight". */
  name: string;
  impl: Implementation;
  /** Unit of `value`: 'calls/s', 'req/s', 'ms', 'KiB'. */
  unit: string;
  /** Whether a larger value is better (throughput) or smaller (latency, memory). */
  higherIsBetter: boolean;
  /** The median of `runs`. */
  value: number;
  /** Every repetition's value, in order. */
  runs: number[];
  /** Median latencies over the repetitions, when the figure has them. */
  p50Ms?: number;
  p99Ms?: number;
  /** Wrong or failed answers seen over all repetitions (must be 0). */
  errors: number;
  /** What a reader needs to read the value right. */
  note?: string;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The q-quantile (0..1) of `values` by nearest rank. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
