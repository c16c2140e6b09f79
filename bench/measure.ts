// Repetitions of one figure across implementations, interleaved (rep 1 of each, then rep 2 of
// each, ...) so that a slow moment of a shared machine falls on all of them alike; ratios are
// taken per repetition (see report.ts).
import { median, type Figure, type Implementation } from './figure.js';
import type { BenchOptions } from './options.js';

/** What one repetition of one implementation measured. */
export interface Sample {
  value: number;
  p50Ms?: number;
  p99Ms?: number;
  /** Wrong or failed answers (must be 0). */
  errors: number;
  /** Anything a reader needs to read the value right (e.g. fewer requests than asked). */
  note?: string;
}

/** What a figure is, apart from its values. */
export interface FigureHead {
  name: string;
  unit: string;
  higherIsBetter: boolean;
}

export interface FigureSpec extends FigureHead {
  /** The implementations this figure applies to, before `--impl` narrows them. */
  impls: readonly Implementation[];
  run(impl: Implementation): Promise<Sample>;
}

/** Several figures that one run measures together (e.g. heap and RSS of the same sessions). */
export interface FiguresSpec {
  heads: readonly FigureHead[];
  impls: readonly Implementation[];
  /** One sample per head, in order. */
  run(impl: Implementation): Promise<Sample[]>;
}

export function measure(spec: FigureSpec, options: BenchOptions): Promise<Figure[]> {
  return measureTogether({ heads: [spec], impls: spec.impls, run: async (impl) => [await spec.run(impl)] }, options);
}

export async function measureTogether(spec: FiguresSpec, options: BenchOptions): Promise<Figure[]> {
  const impls = spec.impls.filter((impl) => options.impls.includes(impl));
  const samples = new Map<Implementation, Sample[][]>(impls.map((impl) => [impl, spec.heads.map(() => [])]));
  for (let rep = 1; rep <= options.repetitions; rep++) {
    // Forward on odd repetitions, backward on even ones: a machine growing slower or faster
    // during the run does not favour whoever goes first.
    for (const impl of rep % 2 === 1 ? impls : [...impls].reverse()) {
      let sampled: Sample[];
      try {
        sampled = await spec.run(impl);
      } catch (error) {
        const note = `failed: ${error instanceof Error ? error.message : String(error)}`;
        sampled = spec.heads.map(() => ({ value: Number.NaN, errors: 1, note }));
      }
      spec.heads.forEach((head, i) => {
        const sample = sampled[i]!;
        samples.get(impl)![i]!.push(sample);
        options.log(
          `  ${head.name} · ${impl} · rep ${rep}: ${format(sample.value)} ${head.unit}${sample.errors > 0 ? ` (${sample.errors} errors)` : ''}${sample.note ? ` (${sample.note})` : ''}`,
        );
      });
    }
  }
  return spec.heads.flatMap((head, i) => impls.map((impl) => summarize(head, impl, samples.get(impl)![i]!)));
}

function summarize(head: FigureHead, impl: Implementation, samples: readonly Sample[]): Figure {
  const runs = samples.map((s) => s.value);
  const p50 = samples.flatMap((s) => (s.p50Ms === undefined ? [] : [s.p50Ms]));
  const p99 = samples.flatMap((s) => (s.p99Ms === undefined ? [] : [s.p99Ms]));
  const notes = [...new Set(samples.flatMap((s) => (s.note === undefined ? [] : [s.note])))];
  return {
    name: head.name,
    impl,
    unit: head.unit,
    higherIsBetter: head.higherIsBetter,
    value: median(runs.filter((v) => !Number.isNaN(v))),
    runs,
    ...(p50.length > 0 && { p50Ms: median(p50) }),
    ...(p99.length > 0 && { p99Ms: median(p99) }),
    errors: samples.reduce((sum, s) => sum + s.errors, 0),
    ...(notes.length > 0 && { note: notes.join('; ') }),
  };
}

export function format(value: number): string {
  if (Number.isNaN(value)) return 'n/a';
  if (Math.abs(value) >= 100) return Math.round(value).toLocaleString('en-US');
  return value.toFixed(Math.abs(value) >= 10 ? 1 : 2);
}
