// What a gateway adds to a tool call, in processor time: each implementation's workload server
// over stdio, called directly, beside its gateway (bench/servers/stdio-gateway-<impl>.ts) in
// front of another copy of it, called through. The raw gateway is a relay that only parses,
// renames and writes: the least a gateway that reads messages pays. The benchmark's line client loads them in turns (16 calls
// in flight, `echo` and `w__echo`), six pairs after a warm-up of each, which goes first
// alternating; each turn's processor time per call, read from /proc for every process
// involved, is set beside its neighbour's. Figures: each side's time per call, the gateway's
// own time per call ÷ the server's (what the target holds to), and the gateway's and its
// server's together ÷ the server's alone (the whole cost of the extra hop).
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { FIGURES } from '../targets.js';
import { median, type Figure, type Implementation } from '../figure.js';
import type { BenchOptions, MeasureGroup } from '../options.js';
import { measureTogether, type Sample } from '../measure.js';
import { isEchoResult } from '../drivers/answers.js';
import { LineClient } from '../drivers/line-client.js';
import { runLoad } from '../drivers/load.js';
import { serverScript, stopChild } from '../drivers/server-process.js';
import { BUNDLED_DIR } from '../bundle-servers.js';
import { childrenOf, cpuOf, needProc } from '../drivers/proc-cpu.js';
import { ECHO_TEXT } from '../workload.js';

/** Pairs of turns per sample. */
const PAIRS = 6;
const IN_FLIGHT = 16;

interface Side {
  child: ChildProcess;
  client: LineClient;
  paramsJson: string;
  /** The processes whose time counts: the server, or the gateway and then its server. */
  pids: number[];
}

async function open(script: string, tool: string): Promise<Side> {
  const child = spawn(process.execPath, [script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const client = new LineClient(child.stdin!, child.stdout!);
  await client.initialize();
  const pids = [child.pid!, ...childrenOf(child.pid!)];
  return { child, client, paramsJson: JSON.stringify({ name: tool, arguments: { text: ECHO_TEXT } }), pids };
}

async function pairedSample(impl: Implementation, options: BenchOptions): Promise<Sample[]> {
  needProc('the gateway figures');
  const direct = await open(serverScript('stdio', impl), 'echo');
  const gateway = await open(join(BUNDLED_DIR, `stdio-gateway-${impl}.mjs`), 'w__echo');
  try {
    if (gateway.pids.length !== 2) throw new Error(`the gateway started ${gateway.pids.length - 1} servers, not 1`);
    let errors = 0;
    /** One turn: processor time per call of each process of `side`, in microseconds. */
    const turn = async (side: Side, durationMs: number): Promise<number[]> => {
      const before = side.pids.map(cpuOf);
      const result = await runLoad(side.client, {
        method: 'tools/call',
        paramsJson: side.paramsJson,
        check: isEchoResult,
        inFlight: IN_FLIGHT,
        durationMs,
      });
      errors += result.errors;
      return side.pids.map((pid, i) => (cpuOf(pid) - before[i]!) / Math.max(1, result.calls));
    };
    await turn(direct, 1000 * options.scale);
    await turn(gateway, 1000 * options.scale);
    const server: number[] = [];
    const own: number[] = [];
    const ownRatios: number[] = [];
    const wholeRatios: number[] = [];
    for (let pair = 0; pair < PAIRS; pair++) {
      const directFirst = pair % 2 === 0;
      const first = await turn(directFirst ? direct : gateway, 1500 * options.scale);
      const second = await turn(directFirst ? gateway : direct, 1500 * options.scale);
      const [alone] = directFirst ? first : second;
      const [front, behind] = directFirst ? second : first;
      server.push(alone!);
      own.push(front!);
      ownRatios.push(front! / alone!);
      wholeRatios.push((front! + behind!) / alone!);
    }
    return [
      { value: median(server), errors },
      { value: median(own), errors },
      { value: median(ownRatios), errors },
      { value: median(wholeRatios), errors },
    ];
  } finally {
    await Promise.all([stopChild(direct.child), stopChild(gateway.child)]);
  }
}

export const gatewayGroup: MeasureGroup = async (options): Promise<Figure[]> =>
  measureTogether(
    {
      heads: [
        { name: FIGURES.gatewayServerCpu, unit: 'µs', higherIsBetter: false },
        { name: FIGURES.gatewayOwnCpu, unit: 'µs', higherIsBetter: false },
        { name: FIGURES.gatewayCpuRatio, unit: 'x', higherIsBetter: false },
        { name: FIGURES.gatewayWholeCpuRatio, unit: 'x', higherIsBetter: false },
      ],
      impls: ['raw', 'mcpkit', 'sdk-v1'],
      run: (impl) => pairedSample(impl, options),
    },
    options,
  );
