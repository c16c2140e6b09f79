#!/usr/bin/env node
// Runs the official MCP conformance suite (@modelcontextprotocol/conformance) against mcpkit
// for one revision's requirement set (2025-11-25 unless --revision names another), on loopback
// only, and holds the results to the expected-failures
// files in conformance/: an unlisted failure and a listed entry that passes are both mismatches.
//   node scripts/conformance.mjs           both legs
//   node scripts/conformance.mjs server    the server scenarios of the revision's requirement set
//   node scripts/conformance.mjs client    its client scenarios, authorization's included
//   node scripts/conformance.mjs --revision 2026-07-28 [server|client]
//   node scripts/conformance.mjs --revision 2025-03-26 client
//                                          the client scenarios of 2025-03-26 alone, which no
//                                          requirement set holds (authorization without
//                                          protected resource metadata)
// Runs the compiled fixtures in build/conformance (npm run conformance builds first). Exit code
// 0 when everything matches, 1 on a mismatch, 2 when the suite could not be run. The suite's
// own output is kept in .tools/conformance-results/<revision>/<leg>/.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNode22 } from './conformance-node.mjs';
import { formatSummary, judge, readExpectedFailures, readResults } from './conformance-results.mjs';

const REVISIONS = ['2025-03-26', '2025-11-25', '2026-07-28'];
// Scenarios of a revision that has no requirement set: those the suite runs only at it.
const WITHOUT_REQUIREMENTS = {
  '2025-03-26': {
    client: ['auth/2025-03-26-oauth-metadata-backcompat', 'auth/2025-03-26-oauth-endpoint-fallback'],
    server: [],
  },
};
// Scenarios of extensions, which no requirement set holds: run at each revision of the eras that
// carry the extension, with --force (the suite skips an extension's scenario at a --spec-version
// otherwise, and saves no result).
const EXTENSION_SCENARIOS = {
  '2025-11-25': skillsScenarios(),
  '2026-07-28': skillsScenarios(),
};
function skillsScenarios() {
  return {
    server: ['sep-2640-skills-enumeration', 'sep-2640-skills-manifest', 'sep-2640-skills-directory'],
    client: [
      'sep-2640-client-no-prefetch',
      'sep-2640-client-verify-digest',
      'sep-2640-client-verify-size',
      'sep-2640-client-verify-frontmatter',
    ],
  };
}
const revisionArg = process.argv.indexOf('--revision');
const REVISION = revisionArg === -1 ? '2025-11-25' : process.argv[revisionArg + 1];
if (!REVISIONS.includes(REVISION)) {
  console.error(`--revision must be one of ${REVISIONS.join(', ')}`);
  process.exit(2);
}
const root = dirname(dirname(fileURLToPath(import.meta.url)));
const suiteDir = join(root, 'node_modules', '@modelcontextprotocol', 'conformance');
const suiteCli = join(suiteDir, 'dist', 'index.js');
const fixtureServer = join(root, 'build', 'conformance', 'server.js');
const fixtureClient = join(root, 'build', 'conformance', 'client.js');
const resultsRoot = join(root, '.tools', 'conformance-results', REVISION);

class SetupError extends Error {}

/** The scenarios run for `leg`: the revision's requirement set, scored or not, and the extensions'. */
function requirementSet(leg) {
  return requirements(leg).scenarios;
}

/** The extensions' scenarios run for `leg` at this revision, beside its requirement set. */
function extensionScenarios(leg) {
  return EXTENSION_SCENARIOS[REVISION]?.[leg] ?? [];
}

/**
 * The revision's scenarios for `leg`, and those of them that belong to an extension: the suite
 * skips those, silently and with no result, at a `--spec-version` unless told `--force`.
 */
function requirements(leg) {
  const fixed = WITHOUT_REQUIREMENTS[REVISION];
  if (fixed) return { scenarios: fixed[leg], extensions: new Set() };
  const added = extensionScenarios(leg);
  const yaml = createRequire(join(suiteDir, 'package.json'))('yaml');
  const set = yaml.parse(readFileSync(join(suiteDir, 'requirements', `${REVISION}.yaml`), 'utf8'));
  const notScored = (set.not_scored ?? []).filter((e) => e.leg === leg);
  return {
    scenarios: [...(set[leg] ?? []), ...notScored.map((e) => e.scenario), ...added],
    extensions: new Set([...notScored.filter((e) => e.reason === 'extension').map((e) => e.scenario), ...added]),
  };
}

/** Runs a command to its end (or kills it after `timeoutMs`), its output going to `logFile`. */
function run(cmd, args, { logFile, timeoutMs }) {
  return new Promise((resolve) => {
    const log = createWriteStream(logFile);
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      log.end(() => resolve({ code: code ?? -1, signal, timedOut }));
    });
  });
}

/** Starts the fixture server on a free loopback port; resolves once it printed its URL. */
function startFixtureServer(logFile) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fixtureServer, '--port', '0'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const log = createWriteStream(logFile);
    child.stderr.pipe(log);
    let out = '';
    const fail = (why) => {
      child.kill('SIGKILL');
      reject(new SetupError(`The fixture server did not start: ${why} (see ${logFile})`));
    };
    const timer = setTimeout(() => fail('no URL printed within 20 s'), 20_000);
    child.on('exit', (code) => fail(`it exited with code ${code}`));
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const line = out.split('\n')[0];
      if (out.includes('\n') && /^http:\/\/127\.0\.0\.1:\d+\//.test(line)) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve({ url: line.trim(), stop: () => stop(child) });
      }
    });
  });
}

function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function serverLeg(node) {
  const dir = join(resultsRoot, 'server');
  const server = await startFixtureServer(join(dir, 'fixture-server.log'));
  try {
    const logFile = join(dir, 'suite.log');
    const args = [
      suiteCli,
      'server',
      '--url',
      server.url,
      '--requirements',
      REVISION,
      '--timeout',
      '20000',
      '-o',
      join(dir, 'checks'),
    ];
    const r = await run(node, args, { logFile, timeoutMs: 8 * 60_000 });
    if (r.timedOut) throw new SetupError(`The server suite did not finish within 8 minutes (see ${logFile})`);
    // A requirement set cannot be combined with --scenario: each extension scenario is a run of its own.
    for (const scenario of extensionScenarios('server')) {
      const extensionLog = join(dir, `${scenario}.log`);
      const extension = [suiteCli, 'server', '--url', server.url, '--scenario', scenario];
      extension.push('--spec-version', REVISION, '--force', '--timeout', '20000', '-o', join(dir, 'checks'));
      const e = await run(node, extension, { logFile: extensionLog, timeoutMs: 2 * 60_000 });
      if (e.timedOut)
        throw new SetupError(`The scenario ${scenario} did not finish within 2 minutes (see ${extensionLog})`);
    }
    const verdict = judge(
      requirementSet('server'),
      readResults(join(dir, 'checks'), 'server-'),
      expectedFailures('server'),
    );
    return { verdict, title: `Server scenarios of ${REVISION} against ${server.url} (suite output: ${logFile})` };
  } finally {
    await server.stop();
  }
}

async function clientLeg(node) {
  const dir = join(resultsRoot, 'client');
  const { scenarios, extensions } = requirements('client');
  // The suite splits the command on spaces and hands it to a shell, so quoting survives.
  const command = `"${process.execPath}" "${fixtureClient}"`;
  const results = new Map();
  const runOne = async (scenario) => {
    const out = join(dir, 'checks', scenario);
    const args = [
      suiteCli,
      'client',
      '--command',
      command,
      '--scenario',
      scenario,
      '--spec-version',
      REVISION,
      ...(extensions.has(scenario) ? ['--force'] : []),
      '--timeout',
      '30000',
      '-o',
      out,
    ];
    const logFile = join(dir, `${scenario}.log`);
    mkdirSync(dirname(logFile), { recursive: true });
    const r = await run(node, args, { logFile, timeoutMs: 90_000 });
    const exit = r.timedOut ? 'timeout' : r.code;
    // No result is a failure, never a pass: a skipped or crashed run saves none.
    const checks = [
      ...(readResults(out).get(scenario) ?? [
        {
          id: 'no-result',
          status: 'FAILURE',
          errorMessage: `the suite saved no result (exit ${exit}); see ${logFile}`,
        },
      ]),
    ];
    // The suite also fails a run whose client exited non-zero or timed out, which no check records.
    if (r.code !== 0 && !checks.some((c) => c.status === 'FAILURE' || c.status === 'WARNING')) {
      checks.push({
        id: 'client-run',
        status: 'FAILURE',
        errorMessage: `the suite failed the run (exit ${exit}); see ${logFile}`,
      });
    }
    results.set(scenario, checks);
  };
  // A few at a time: each scenario is a suite process, its mock servers and the client.
  const queue = [...scenarios];
  await Promise.all(
    [0, 1, 2, 3].map(async () => {
      for (let s = queue.shift(); s !== undefined; s = queue.shift()) await runOne(s);
    }),
  );
  const verdict = judge(scenarios, results, expectedFailures('client'));
  return {
    verdict,
    title: `Client scenarios of ${REVISION} (suite output: ${dir}/<scenario>.log)`,
  };
}

function expectedFailures(leg) {
  return readExpectedFailures(join(root, 'conformance', `expected-failures.${leg}.${REVISION}.yaml`), leg);
}

async function main() {
  const legs = process.argv.slice(2).filter((a) => a === 'server' || a === 'client');
  const chosen = legs.length > 0 ? legs : WITHOUT_REQUIREMENTS[REVISION] ? ['client'] : ['server', 'client'];
  if (WITHOUT_REQUIREMENTS[REVISION] && chosen.includes('server'))
    throw new SetupError(`--revision ${REVISION} has client scenarios only`);
  for (const file of [suiteCli, fixtureServer, fixtureClient]) {
    if (!existsSync(file))
      throw new SetupError(`Missing ${file}: run npm install and build first (npm run conformance does both builds)`);
  }
  const node = ensureNode22(root);
  let ok = true;
  for (const leg of chosen) {
    rmSync(join(resultsRoot, leg), { recursive: true, force: true });
    mkdirSync(join(resultsRoot, leg), { recursive: true });
    const { verdict, title } = leg === 'server' ? await serverLeg(node) : await clientLeg(node);
    console.log(formatSummary(title, verdict));
    ok &&= verdict.ok;
  }
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof SetupError ? error.message : error);
    process.exit(2);
  },
);
