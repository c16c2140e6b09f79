// `npm run bench`: measures mcpkit, the official SDKs 1.x and 2.x and the raw baseline in one
// run and writes bench/results.md and bench/results.json.
//   --quick            shorter runs (scale 0.25), for a quick look
//   --reps N           repetitions per figure (default 5; at least 3 for the committed report)
//   --impl a,b         only these implementations (raw, mcpkit, sdk-v1, sdk-v2)
//   --only g,h         only these groups (stdio, http, memory, client, tools, catalog, gateway, tasks,
//                    fleet, telemetry, skills, browser, package)
//   --profile          a CPU profile of every server process, and each server's top functions by
//                      self time, in build/bench/profiles/ (narrow it with --only and --impl)
// A run narrowed by any of these writes build/bench/results.* instead of the committed files.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Figure, Implementation } from './figure.js';
import type { BenchOptions, MeasureGroup } from './options.js';
import { evaluateTargets, machine, toMarkdown, type Report } from './report.js';
import { startProfiling, summarizeProfiles } from './profile.js';
import { catalogGroup } from './groups/catalog.js';
import { clientGroup } from './groups/client.js';
import { gatewayGroup } from './groups/gateway.js';
import { tasksGroup } from './groups/tasks.js';
import { fleetGroup } from './groups/fleet.js';
import { httpGroup, toolScalingGroup } from './groups/http.js';
import { memoryGroup } from './groups/memory.js';
import { skillsGroup } from './groups/skills.js';
import { browserGroup } from './groups/browser.js';
import { packageGroup } from './groups/package.js';
import { stdioGroup } from './groups/stdio.js';
import { telemetryGroup } from './groups/telemetry.js';
import { bundleServers } from './bundle-servers.js';

const GROUPS: Record<string, MeasureGroup> = {
  stdio: stdioGroup,
  http: httpGroup,
  memory: memoryGroup,
  client: clientGroup,
  tools: toolScalingGroup,
  catalog: catalogGroup,
  gateway: gatewayGroup,
  tasks: tasksGroup,
  fleet: fleetGroup,
  telemetry: telemetryGroup,
  skills: skillsGroup,
  browser: browserGroup,
  package: packageGroup,
};
const IMPLS: readonly Implementation[] = ['raw', 'mcpkit', 'sdk-v1', 'sdk-v2'];
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function option(args: readonly string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
}

function list<T extends string>(value: string | undefined, allowed: readonly T[], what: string): T[] {
  if (value === undefined) return [...allowed];
  const items = value.split(',').map((s) => s.trim());
  for (const item of items)
    if (!allowed.includes(item as T)) throw new Error(`unknown ${what} "${item}"; choose from ${allowed.join(', ')}`);
  return items as T[];
}

function versionOf(packageDir: string): string {
  return (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const quick = args.includes('--quick');
  const repetitions = Number(option(args, '--reps') ?? 5);
  if (!Number.isInteger(repetitions) || repetitions < 1) throw new Error('--reps wants a positive whole number');
  const impls = list(option(args, '--impl'), IMPLS, 'implementation');
  const groups = list(option(args, '--only'), Object.keys(GROUPS), 'group');
  const options: BenchOptions = {
    repetitions,
    scale: quick ? 0.25 : 1,
    impls,
    log: (line) => process.stderr.write(line + '\n'),
  };

  const profile = args.includes('--profile');
  const profiles = join(ROOT, 'build', 'bench', 'profiles');
  if (profile) startProfiling(profiles);
  await bundleServers(profile);
  const figures: Figure[] = [];
  for (const group of groups) {
    options.log(`${group}:`);
    figures.push(...(await GROUPS[group]!(options)));
  }

  const report: Report = {
    date: new Date().toISOString().slice(0, 10),
    machine: machine(),
    repetitions,
    scale: options.scale,
    versions: {
      mcpkit: versionOf(ROOT),
      '@modelcontextprotocol/sdk': versionOf(join(ROOT, 'node_modules', '@modelcontextprotocol/sdk')),
      '@modelcontextprotocol/server': versionOf(join(ROOT, 'node_modules', '@modelcontextprotocol/server')),
      '@modelcontextprotocol/client': versionOf(join(ROOT, 'node_modules', '@modelcontextprotocol/client')),
      '@modelcontextprotocol/node': versionOf(join(ROOT, 'node_modules', '@modelcontextprotocol/node')),
    },
    figures,
    targets: evaluateTargets(figures),
  };
  if (profile) {
    process.stderr.write(`${summarizeProfiles(profiles)}\n`);
    options.log(`wrote the profiles and top-functions.md in ${profiles}`);
  }
  const complete =
    !profile &&
    !quick &&
    repetitions >= 3 &&
    impls.length === IMPLS.length &&
    groups.length === Object.keys(GROUPS).length;
  const outDir = complete ? join(ROOT, 'bench') : join(ROOT, 'build', 'bench');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'results.md'), toMarkdown(report));
  writeFileSync(join(outDir, 'results.json'), JSON.stringify(report, null, 2) + '\n');
  process.stdout.write(toMarkdown(report));
  options.log(`\nwrote ${join(outDir, 'results.md')} and results.json`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
