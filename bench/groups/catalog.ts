// The host's catalog: the time to connect to 50 servers of 100 tools each and list every tool,
// once, in a fresh process (what `mcpkit list --config` or a host starting up does). mcpkit's
// Host against what an application writes with each SDK's Client (all servers at once) and a
// hand-written fetch client. One fleet process serves all 50 servers for every implementation.
import { execFile, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { FIGURES } from '../targets.js';
import type { Implementation } from '../figure.js';
import type { MeasureGroup } from '../options.js';
import { measure, type Sample } from '../measure.js';

const FLEET = fileURLToPath(new URL('../servers/catalog-fleet.js', import.meta.url));
const CLIENT = fileURLToPath(new URL('../clients/catalog-client.js', import.meta.url));
const SERVERS = 50;
const TOOLS = 100;

function catalogSample(impl: Implementation, urlsFile: string): Promise<Sample> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [CLIENT, impl, urlsFile], { timeout: 120_000 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`${impl} catalog: ${error.message} ${stderr.slice(-300)}`));
      const run = JSON.parse(stdout.trim().split('\n').pop()!) as { ms: number; tools: number; errors: number };
      const errors = run.errors + (run.tools === SERVERS * TOOLS ? 0 : 1);
      resolve({ value: run.ms, errors, ...(errors > 0 && { note: `listed ${run.tools} tools` }) });
    });
  });
}

export const catalogGroup: MeasureGroup = async (options) => {
  const fleet = spawn(process.execPath, [FLEET, '--servers', String(SERVERS), '--tools', String(TOOLS)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  try {
    const [line] = (await once(createInterface({ input: fleet.stdout! }), 'line')) as [string];
    const { urls } = JSON.parse(line) as { urls: string[] };
    const urlsFile = join(tmpdir(), `mcpkit-bench-fleet-${process.pid}.json`);
    writeFileSync(urlsFile, JSON.stringify(urls));
    return await measure(
      {
        name: FIGURES.catalogList(SERVERS, TOOLS),
        unit: 'ms',
        higherIsBetter: false,
        impls: ['raw', 'mcpkit', 'sdk-v1', 'sdk-v2'],
        run: (impl) => catalogSample(impl, urlsFile),
      },
      options,
    );
  } finally {
    fleet.stdin!.end();
    if (fleet.exitCode === null) await once(fleet, 'exit');
  }
};
