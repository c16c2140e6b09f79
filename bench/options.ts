// What every measurement group receives from the runner (bench/run.ts), and what it returns.
import type { Figure, Implementation } from './figure.js';

export interface BenchOptions {
  /** Repetitions of each figure (the median is reported): at least 3. */
  repetitions: number;
  /** Scales every duration and count: 1 for the full run, smaller for a quick look (`--quick`). */
  scale: number;
  /** The implementations to measure (all by default; `--impl mcpkit,raw`). */
  impls: readonly Implementation[];
  /** Progress lines for the terminal (stderr). */
  log(line: string): void;
}

/** A group of figures: stdio, HTTP, memory, client, modern-vs-tools. */
export type MeasureGroup = (options: BenchOptions) => Promise<Figure[]>;
