#!/usr/bin/env node
/**
 * The `mcpkit` command line.
 * @module
 */
import { runCall } from './commands/call.js';
import { runChat } from './commands/chat.js';
import { runCompletion } from './commands/completion.js';
import { runExampleServer } from './commands/example-server.js';
import { runInit } from './commands/init.js';
import { runInspect } from './commands/inspect.js';
import { runList } from './commands/list.js';
import { runLogin } from './commands/login.js';
import { runLogout } from './commands/logout.js';
import { runPrompt } from './commands/prompt.js';
import { runProxy } from './commands/proxy.js';
import { runRead } from './commands/read.js';
import { runServe } from './commands/serve.js';
import { runServers } from './commands/servers.js';
import { runSkills } from './commands/skills.js';
import { runTask } from './commands/task.js';
import { EXIT, exitCodeOf, failureKind } from './exit-codes.js';
import { COMMAND_HELP, USAGE } from './help.js';
import { startTelemetryExport } from './telemetry-export.js';
import { VERSION } from './version.js';

const commands: Record<string, (args: string[]) => Promise<number>> = {
  servers: runServers,
  list: runList,
  call: runCall,
  task: runTask,
  read: runRead,
  skills: runSkills,
  prompt: runPrompt,
  chat: runChat,
  serve: runServe,
  proxy: runProxy,
  login: runLogin,
  logout: runLogout,
  'example-server': runExampleServer,
  inspect: runInspect,
  completion: runCompletion,
  init: runInit,
};

/**
 * The commands that are one trace each. Servers (`example-server`, `serve`, `proxy`) are not:
 * each request they serve continues its caller's trace; nor is `chat`, whose turns are.
 */
const ONE_TRACE = new Set(['call', 'list', 'read', 'prompt', 'task', 'servers']);

/** After a usage error: the message stays the last thing on screen but for this, not buried under the usage. */
const HELP_HINT = 'Run `mcpkit --help` for the usage.';

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '-h' || name === '--help' || name === 'help') {
    const topic = name === 'help' ? rest[0] : undefined;
    console.log(topic !== undefined && COMMAND_HELP[topic] ? COMMAND_HELP[topic] : USAGE);
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  if (name === '-v' || name === '--version') {
    console.log(VERSION);
    return EXIT.ok;
  }
  const command = commands[name];
  if (!command) {
    console.error(`mcpkit: unknown command ${JSON.stringify(name)}\n${HELP_HINT}`);
    return EXIT.usage;
  }
  // Options are the command's up to `--`; what follows is the server's command line.
  const own = rest.includes('--') ? rest.slice(0, rest.indexOf('--')) : rest;
  if (own.includes('--help') || own.includes('-h')) {
    console.log(COMMAND_HELP[name] ?? USAGE);
    return EXIT.ok;
  }
  const telemetry = await startTelemetryExport(name === 'example-server' ? 'mcpkit-example-server' : 'mcpkit');
  const run = () => runCommand(name, command, rest, own);
  // A command that ends by itself is one trace: its requests are children of its span.
  const code = await (telemetry !== undefined && ONE_TRACE.has(name) ? telemetry.command(name, run) : run());
  // The spans and durations of the run leave before the process does.
  await telemetry?.end(code);
  return code;
}

/** Runs `command`, turning a failure into its message and exit status. */
async function runCommand(
  name: string,
  command: (args: string[]) => Promise<number>,
  rest: string[],
  own: string[],
): Promise<number> {
  try {
    return await command(rest);
  } catch (error) {
    const code = exitCodeOf(error);
    const message = error instanceof Error ? error.message : String(error);
    if (own.includes('--json')) {
      console.log(JSON.stringify({ error: { message, kind: failureKind(code), exitCode: code } }, null, 2));
    } else {
      console.error(`mcpkit ${name}: ${message}${code === EXIT.usage ? `\n${HELP_HINT}` : ''}`);
    }
    return code;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
