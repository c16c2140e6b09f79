// Serving a folder of skills: the time from building a server over a folder of 1,000 skills to
// the last page of its `skills/list`, each start in a fresh process with its library already
// imported (servers/skills-start.ts). mcpkit's `folderSkills` against the official 2.x SDK's
// `SkillCatalog.load(nodeSkillFiles(dir))` and a hand-written walk that reads and hashes every
// file; the 1.x SDK has no skills. The folder is written once per run and removed after.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIGURES } from '../targets.js';
import { median, type Implementation } from '../figure.js';
import type { MeasureGroup } from '../options.js';
import { measure, type Sample } from '../measure.js';

const START = fileURLToPath(new URL('../servers/skills-start.js', import.meta.url));
const SKILLS = 1_000;

/** The skill's folder, relative to the root: one in ten under `team/`, to have some depth. */
function skillPath(index: number): string {
  const name = `skill-${String(index).padStart(4, '0')}`;
  return index % 10 === 0 ? `team/${name}` : name;
}

/** Writes `count` skills under `dir`: each a SKILL.md with its front matter and one reference. */
function writeSkills(dir: string, count: number): void {
  for (let i = 1; i <= count; i++) {
    const path = skillPath(i);
    const name = path.slice(path.lastIndexOf('/') + 1);
    mkdirSync(join(dir, path, 'references'), { recursive: true });
    const skillMd = [
      '---',
      `name: ${name}`,
      `description: Skill ${i} of the benchmark's folder. Use it when a task needs step ${i}, and read its notes first.`,
      '---',
      '',
      `# ${name}`,
      '',
      `Follow the steps of ${name} in order, then check the result against references/notes.md.`,
      '',
    ].join('\n');
    writeFileSync(join(dir, path, 'SKILL.md'), skillMd);
    const notes = `# Notes for ${name}\n\n${'The notes a skill keeps beside its instructions: examples, limits, edge cases. '.repeat(4)}\n`;
    writeFileSync(join(dir, path, 'references', 'notes.md'), notes);
  }
}

interface Started {
  ms: number;
  skills: number;
  errors: number;
}

function startOnce(impl: Implementation, dir: string): Promise<Started> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [START, impl, dir], { timeout: 120_000 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`${impl} skills start: ${error.message} ${stderr.slice(-300)}`));
      resolve(JSON.parse(stdout.trim().split('\n').pop()!) as Started);
    });
  });
}

/** The median of `starts` fresh starts; every one must list all the skills. */
async function startSample(impl: Implementation, dir: string, starts: number): Promise<Sample> {
  const runs: Started[] = [];
  for (let i = 0; i < starts; i++) runs.push(await startOnce(impl, dir));
  const short = runs.filter((run) => run.skills !== SKILLS);
  const errors = runs.reduce((sum, run) => sum + run.errors, 0) + short.length;
  return {
    value: median(runs.map((run) => run.ms)),
    errors,
    ...(short.length > 0 && { note: `listed ${short.map((run) => run.skills).join(', ')} skills` }),
  };
}

export const skillsGroup: MeasureGroup = async (options) => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpkit-bench-skills-'));
  try {
    writeSkills(dir, SKILLS);
    const starts = Math.max(3, Math.round(5 * options.scale));
    return await measure(
      {
        name: FIGURES.skillsStart(SKILLS),
        unit: 'ms',
        higherIsBetter: false,
        impls: ['raw', 'mcpkit', 'sdk-v2'],
        run: (impl) => startSample(impl, dir, starts),
      },
      options,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
