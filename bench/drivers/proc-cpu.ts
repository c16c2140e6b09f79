// Processor time of a process and the processes it started, read from /proc (Linux).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times. */
let ticks: number | undefined;

/** Refuses to go on where there is no /proc to read. */
export function needProc(what: string): void {
  if (!existsSync('/proc/self/stat')) throw new Error(`${what} read processor time from /proc (Linux)`);
}

/** User and system processor time of process `pid`, in microseconds. */
export function cpuOf(pid: number): number {
  ticks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces: fields are counted after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / ticks) * 1e6;
}

/** The processes `parent` started. */
export function childrenOf(parent: number): number[] {
  const children: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent) children.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}
