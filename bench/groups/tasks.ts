// What a task costs beside a plain call of the same tool: mcpkit's stdio server (bench/servers/
// stdio-tasks.ts) answers `echo` at once, and `echo_task` as a task of 2025-11-25, which the
// line client creates, polls once (`tasks/get`) and collects (`tasks/result`): three round
// trips and a stored record against one. One call or task at a time, in turns alternating
// which goes first, six pairs after a warm-up; each turn's time per call and the server's
// processor time per call (from /proc) are set beside its neighbour's.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { FIGURES } from '../targets.js';
import { median, type Figure } from '../figure.js';
import type { BenchOptions, MeasureGroup } from '../options.js';
import { measureTogether, type Sample } from '../measure.js';
import { LineClient } from '../drivers/line-client.js';
import { stopChild } from '../drivers/server-process.js';
import { cpuOf, needProc } from '../drivers/proc-cpu.js';
import { BUNDLED_DIR } from '../bundle-servers.js';
import { ECHO_TEXT } from '../workload.js';

const PAIRS = 6;

type Flow = (client: LineClient) => Promise<boolean>;

const plain: Flow = async (client) => {
  const answer = await client.request('tools/call', { name: 'echo', arguments: { text: ECHO_TEXT } });
  return textOf(answer.result) === ECHO_TEXT;
};

const task: Flow = async (client) => {
  const created = await client.request('tools/call', { name: 'echo_task', arguments: { text: ECHO_TEXT }, task: {} });
  const taskId = (created.result?.task as { taskId?: string } | undefined)?.taskId;
  if (taskId === undefined) return false;
  const polled = await client.request('tasks/get', { taskId });
  if (typeof polled.result?.status !== 'string') return false;
  const result = await client.request('tasks/result', { taskId });
  return textOf(result.result) === ECHO_TEXT;
};

function textOf(result: Record<string, unknown> | undefined): string | undefined {
  const content = result?.content as { text?: string }[] | undefined;
  return content?.[0]?.text;
}

async function pairedSample(options: BenchOptions): Promise<Sample[]> {
  needProc('the tasks figures');
  const child = spawn(process.execPath, [join(BUNDLED_DIR, 'stdio-tasks.mjs')], { stdio: ['pipe', 'pipe', 'inherit'] });
  try {
    const client = new LineClient(child.stdin!, child.stdout!);
    await client.initialize();
    let errors = 0;
    /** One turn of `flow`: wall time and server processor time per call, in microseconds. */
    const turn = async (flow: Flow, durationMs: number): Promise<[number, number]> => {
      const cpuBefore = cpuOf(child.pid!);
      const started = performance.now();
      let calls = 0;
      while (performance.now() - started < durationMs) {
        if (!(await flow(client))) errors++;
        calls++;
      }
      const wall = ((performance.now() - started) * 1000) / calls;
      return [wall, (cpuOf(child.pid!) - cpuBefore) / calls];
    };
    await turn(plain, 1000 * options.scale);
    await turn(task, 1000 * options.scale);
    const plainWall: number[] = [];
    const taskWall: number[] = [];
    const wallRatios: number[] = [];
    const cpuRatios: number[] = [];
    for (let pair = 0; pair < PAIRS; pair++) {
      const plainFirst = pair % 2 === 0;
      const first = await turn(plainFirst ? plain : task, 1500 * options.scale);
      const second = await turn(plainFirst ? task : plain, 1500 * options.scale);
      const [p, t] = plainFirst ? [first, second] : [second, first];
      plainWall.push(p[0]);
      taskWall.push(t[0]);
      wallRatios.push(t[0] / p[0]);
      cpuRatios.push(t[1] / p[1]);
    }
    return [
      { value: median(plainWall), errors },
      { value: median(taskWall), errors },
      { value: median(wallRatios), errors },
      { value: median(cpuRatios), errors },
    ];
  } finally {
    await stopChild(child);
  }
}

export const tasksGroup: MeasureGroup = async (options): Promise<Figure[]> =>
  measureTogether(
    {
      heads: [
        { name: FIGURES.taskPlainCall, unit: 'µs', higherIsBetter: false },
        { name: FIGURES.taskFlow, unit: 'µs', higherIsBetter: false },
        { name: FIGURES.taskWallRatio, unit: 'x', higherIsBetter: false },
        { name: FIGURES.taskCpuRatio, unit: 'x', higherIsBetter: false },
      ],
      impls: ['mcpkit'],
      run: () => pairedSample(options),
    },
    options,
  );
