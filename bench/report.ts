// The benchmark's report: a markdown table (results.md) and the same figures as JSON
// (results.json), with each implementation's ratio to the raw baseline and mcpkit's to the
// official SDKs, and whether each target is met.
import { cpus, totalmem, type as osType, release } from 'node:os';
import { format } from './measure.js';
import { TARGETS, type Target } from './targets.js';
import { median, type Figure, type Implementation } from './figure.js';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
}

export interface TargetResult extends Target {
  /** mcpkit's value over raw's in this run. */
  measured: number;
  met: boolean;
}

export interface Report {
  date: string;
  machine: Machine;
  repetitions: number;
  scale: number;
  versions: Record<string, string>;
  figures: Figure[];
  targets: TargetResult[];
}

export function machine(): Machine {
  const cores = cpus();
  return {
    cpu: cores[0]?.model.trim() ?? 'unknown',
    cores: cores.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    os: `${osType()} ${release()}`,
    node: process.version,
  };
}

const IMPLS: readonly Implementation[] = ['raw', 'mcpkit', 'sdk-v1', 'sdk-v2'];

function valueOf(figures: readonly Figure[], name: string, impl: Implementation): Figure | undefined {
  return figures.find((f) => f.name === name && f.impl === impl);
}

/**
 * `a / b`: the median of the ratios of the repetitions measured side by side (this machine's
 * speed drifts between repetitions far more than between neighbouring measurements), or of the
 * medians when the repetitions do not pair up. NaN when either is missing or b is not positive.
 */
export function ratio(a: Figure | undefined, b: Figure | undefined): number {
  if (a === undefined || b === undefined) return Number.NaN;
  const paired =
    a.runs.length === b.runs.length
      ? a.runs.flatMap((v, i) => (b.runs[i]! > 0 && !Number.isNaN(v) ? [v / b.runs[i]!] : []))
      : [];
  if (paired.length > 0 && paired.length === a.runs.length) return median(paired);
  if (!(b.value > 0) || Number.isNaN(a.value)) return Number.NaN;
  return a.value / b.value;
}

export function evaluateTargets(figures: readonly Figure[]): TargetResult[] {
  return TARGETS.flatMap((target) => {
    if (target.absolute === true) {
      const figure = valueOf(figures, target.figure, 'mcpkit');
      if (figure === undefined || Number.isNaN(figure.value)) return [];
      const measured = figure.value;
      return [
        { ...target, measured, met: figure.higherIsBetter ? measured >= target.ratio : measured <= target.ratio },
      ];
    }
    const baseline =
      target.against === undefined
        ? valueOf(figures, target.figure, 'raw')
        : valueOf(figures, target.against, 'mcpkit');
    const measured = ratio(valueOf(figures, target.figure, 'mcpkit'), baseline);
    if (Number.isNaN(measured)) return [];
    const higherIsBetter = baseline!.higherIsBetter;
    return [{ ...target, measured, met: higherIsBetter ? measured >= target.ratio : measured <= target.ratio }];
  });
}

/**
 * A ratio for the table: whole above 10, two decimals down to 0.1, two significant digits below
 * (0.0014x, not 0.00x).
 */
function times(r: number): string {
  if (Number.isNaN(r)) return '—';
  if (Math.abs(r) >= 10) return `${r.toFixed(0)}x`;
  if (Math.abs(r) >= 0.1 || r === 0) return `${r.toFixed(2)}x`;
  return `${r.toPrecision(2)}x`;
}

function cell(figure: Figure | undefined, raw: Figure | undefined): string {
  if (figure === undefined) return '—';
  const r = figure.impl === 'raw' ? Number.NaN : ratio(figure, raw);
  const latency =
    figure.p50Ms === undefined ? '' : `<br>p50 ${figure.p50Ms.toFixed(2)} / p99 ${figure.p99Ms?.toFixed(2)} ms`;
  const errors = figure.errors > 0 ? `<br>**${figure.errors} errors**` : '';
  return `${format(figure.value)}${Number.isNaN(r) ? '' : ` (${times(r)})`}${latency}${errors}`;
}

export function toMarkdown(report: Report): string {
  const { machine: m } = report;
  const lines = [
    '# Benchmark results',
    '',
    `Run on ${report.date} on ${m.cpu} (${m.cores} cores, ${m.memoryGiB} GiB), ${m.os}, Node ${m.node}.`,
    `Each value is the median of ${report.repetitions} repetitions${report.scale === 1 ? '' : ` at scale ${report.scale}`}; in brackets, its ratio to raw: the median of the ratios of repetitions measured side by side.`,
    `Versions: ${Object.entries(report.versions)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}. \`npm run bench\` makes this file; \`bench/README.md\` says what each figure measures.`,
    '',
    '## Targets (mcpkit ÷ raw, unless the target says otherwise)',
    '',
    '| figure | target | measured | met |',
    '|---|---|---|---|',
    ...report.targets.map((t) => `| ${t.figure} | ${t.text} | ${times(t.measured)} | ${t.met ? 'yes' : '**no**'} |`),
    '',
    '## Figures',
    '',
    '| figure | unit | raw | mcpkit | sdk-v1 | sdk-v2 | mcpkit ÷ sdk-v1 | mcpkit ÷ sdk-v2 |',
    '|---|---|---|---|---|---|---|---|',
  ];
  const names = [...new Set(report.figures.map((f) => f.name))];
  for (const name of names) {
    const [raw, mcpkit, v1, v2] = IMPLS.map((impl) => valueOf(report.figures, name, impl));
    const unit = (raw ?? mcpkit)?.unit ?? '';
    lines.push(
      `| ${name} | ${unit} | ${[raw, mcpkit, v1, v2].map((f) => cell(f, raw)).join(' | ')} | ${times(ratio(mcpkit, v1))} | ${times(ratio(mcpkit, v2))} |`,
    );
  }
  const notes = report.figures.filter((f) => f.note !== undefined);
  if (notes.length > 0) {
    lines.push('', '## Notes', '', ...notes.map((f) => `- ${f.name}, ${f.impl}: ${f.note}`));
  }
  return lines.join('\n') + '\n';
}
