// `npm run bench -- --profile`: a CPU profile of every server process the run starts, and the
// functions that took the most of it. The server bundles are built with a first part that
// profiles the process (PROFILE_BANNER); each profile is told apart by the server bundle that
// ran in it (`stdio-mcpkit.mjs`, ...).
// Open a profile in Chrome's DevTools (Performance, load profile) or speedscope for a flame graph.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame }[];
  samples: number[];
  timeDeltas: number[];
}

/** Turns profiling on for the server processes this run starts (they inherit the environment). */
export function startProfiling(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  process.env.MCPKIT_BENCH_PROFILE = dir;
}

/**
 * Put first in each server bundle when profiling: with MCPKIT_BENCH_PROFILE set, the process
 * profiles itself from its first line (V8's sampling profiler, through `node:inspector`) and
 * writes `<pid>.cpuprofile` there when it exits, SIGTERM included (how the bench stops servers).
 * Node refuses `--cpu-prof` in NODE_OPTIONS, and the bench starts servers from several places.
 */
export const PROFILE_BANNER = `import * as profileInspector from 'node:inspector';
import { writeFileSync as profileWrite } from 'node:fs';
if (process.env.MCPKIT_BENCH_PROFILE) {
  const session = new profileInspector.Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    session.post('Profiler.stop', (error, result) => {
      if (!error) profileWrite(process.env.MCPKIT_BENCH_PROFILE + '/' + process.pid + '.cpuprofile', JSON.stringify(result.profile));
    });
  };
  process.on('exit', write);
  process.once('SIGTERM', () => process.exit(0));
}`;

/** The key of the time V8 spent waiting, with nothing to run. */
const IDLE = '(idle)\t';

const ms = (us: number): string => (us / 1000).toFixed(0);

/** Self time per function over a profile, in microseconds, keyed by name and place. */
function selfTimes(profile: CpuProfile): Map<string, number> {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const times = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = frames.get(id);
    if (!frame) return;
    const place = frame.url ? `${basename(frame.url)}:${frame.lineNumber + 1}` : '';
    const key = `${frame.functionName || '(anonymous)'}\t${place}`;
    times.set(key, (times.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  return times;
}

/** The server bundle a profile ran (`stdio-mcpkit`), or `other`. */
function serverOf(profile: CpuProfile): string {
  for (const { callFrame } of profile.nodes) {
    const match = /bundled\/([\w-]+)\.mjs$/.exec(callFrame.url);
    if (match) return match[1]!;
  }
  return 'other';
}

/**
 * Sums the profiles in `dir` by server and writes `<dir>/top-functions.md`: for each server, the
 * functions with the most self time. Returns that text.
 */
export function summarizeProfiles(dir: string, top = 25): string {
  const byServer = new Map<string, { files: number; times: Map<string, number> }>();
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(join(dir, name), 'utf8')) as CpuProfile;
    const server = serverOf(profile);
    const entry = byServer.get(server) ?? { files: 0, times: new Map<string, number>() };
    entry.files++;
    for (const [key, us] of selfTimes(profile)) entry.times.set(key, (entry.times.get(key) ?? 0) + us);
    byServer.set(server, entry);
  }
  const lines = [`# Top functions by self time (${dir})`, ''];
  for (const [server, { files, times }] of [...byServer].sort(([a], [b]) => a.localeCompare(b))) {
    // Waiting for input is not work: the shares are of the time the process was busy.
    const idle = times.get(IDLE) ?? 0;
    times.delete(IDLE);
    const busy = [...times.values()].reduce((sum, us) => sum + us, 0);
    const processes = `${files} process${files === 1 ? '' : 'es'}`;
    lines.push(`## ${server} (${processes}: ${ms(busy)} ms busy, ${ms(idle)} ms idle)`, '');
    lines.push('| self ms | % of busy | function | where |', '|---|---|---|---|');
    for (const [key, us] of [...times].sort(([, a], [, b]) => b - a).slice(0, top)) {
      const [name, place] = key.split('\t');
      lines.push(`| ${(us / 1000).toFixed(1)} | ${((100 * us) / busy).toFixed(1)} | \`${name}\` | ${place} |`);
    }
    lines.push('');
  }
  const text = lines.join('\n');
  writeFileSync(join(dir, 'top-functions.md'), text);
  return text;
}
