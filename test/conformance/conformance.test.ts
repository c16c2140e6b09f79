// The official MCP conformance suite, for the 2025-11-25 and 2026-07-28 requirement sets: the
// fixture server against the suite's server scenarios, the fixture client against its client
// scenarios, authorization's included; and the client scenarios the suite runs at 2025-03-26
// alone. Each leg passes when the results match its expected-failures file in conformance/
// exactly. The first run installs the Node 22 the suite needs into .tools/ (see
// scripts/conformance-node.mjs).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

// Compiled to build/test/conformance/, three levels below the project root.
const root = fileURLToPath(new URL('../../../', import.meta.url));

function runConformance(revision: string, leg: 'server' | 'client'): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/conformance.mjs', '--revision', revision, leg], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

// One after the other: the first may install Node 22, which the others then reuse.
const LEGS = [
  ['2025-11-25', 'server'],
  ['2025-11-25', 'client'],
  ['2026-07-28', 'server'],
  ['2026-07-28', 'client'],
  ['2025-03-26', 'client'],
] as const;
for (const [revision, leg] of LEGS) {
  test(
    `conformance suite, ${leg} scenarios of ${revision}, match conformance/expected-failures.${leg}.${revision}.yaml`,
    { timeout: 12 * 60_000 },
    async () => {
      const { code, output } = await runConformance(revision, leg);
      assert.equal(code, 0, `scripts/conformance.mjs --revision ${revision} ${leg} exited ${code}:\n${output}`);
    },
  );
}
