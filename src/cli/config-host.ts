/**
 * A host over the servers of a configuration file, set up as the command line needs it: the
 * terminal answers what servers ask, servers behind a URL log in as `mcpkit login` does, each
 * server's era is remembered across runs, and with `--verbose` their logs and stderr show.
 * @module
 */
import { Host, readConfig, type Model, type ServerEntry } from 'mcpkit/host';
import { defaultEraCachePath, FileEraCache } from 'mcpkit/node';
import { cliAnswers } from './answers.js';
import { commandAuth } from './login.js';
import { samplingModel } from './models.js';
import type { CommonOptions } from './options.js';
import { askInput, canAsk } from './terminal/index.js';
import { VERSION } from './version.js';

export interface ConfigHostSettings {
  /** `--yes`: tool calls are allowed without asking. */
  yes?: boolean;
  /** The model, for sampling (and the chat). */
  model?: Model | undefined;
}

/** Runs `use` with a host over the servers of the configuration at `path`; closes it afterwards. */
export async function withConfigHost<T>(
  path: string,
  options: CommonOptions,
  use: (host: Host) => Promise<T>,
  settings: ConfigHostSettings = {},
): Promise<T> {
  const noInput = options.auth.noInput;
  const config = await readConfig(path, {
    ...(!noInput &&
      canAsk() && {
        input: async (input) => {
          const value = await askInput({
            description: input.description,
            ...(input.type === 'promptString' && input.password !== undefined && { password: input.password }),
            ...(input.default !== undefined && { default: input.default }),
            ...(input.type === 'pickString' && { options: input.options }),
          });
          return value ?? input.default ?? '';
        },
      }),
  });
  return withHost(config.servers, options, use, settings);
}

/** Runs `use` with a host over `servers`; closes it afterwards. */
export async function withHost<T>(
  servers: Record<string, ServerEntry>,
  options: CommonOptions,
  use: (host: Host) => Promise<T>,
  settings: ConfigHostSettings = {},
): Promise<T> {
  const noInput = options.auth.noInput;
  const answers = cliAnswers({ noInput, yes: settings.yes ?? false, model: settings.model ?? samplingModel() });
  const say = (line: string) => process.stderr.write(`${line}\n`);
  const partial = new Map<string, string>();
  const host = new Host({
    servers,
    clientInfo: { name: 'mcpkit-cli', version: VERSION },
    consent: answers.consent,
    elicitation: answers.elicitation,
    model: answers.model,
    roots: options.roots.length > 0 ? options.roots : [process.cwd()],
    auth: async (_server, url) => (await commandAuth(url, options.auth)).auth,
    era: options.era,
    ...(options.protocolVersion && { protocolVersion: options.protocolVersion }),
    eraCache: new FileEraCache(defaultEraCachePath()),
    ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
    ...(options.verbose && {
      logLevel: 'debug',
      onLog: (server, message) =>
        say(
          `[${server}] ${message.level}${message.logger ? ` ${message.logger}` : ''}: ${typeof message.data === 'string' ? message.data : JSON.stringify(message.data)}`,
        ),
      onStderr: (server, text) => {
        // Whole lines only, each under its server's name: a chunk may end inside a line.
        const lines = ((partial.get(server) ?? '') + text).split('\n');
        partial.set(server, lines.pop()!);
        for (const line of lines) say(`[${server}] ${line}`);
      },
      onError: (error) => say(`mcpkit: ${error.message}`),
    }),
  });
  try {
    return await use(host);
  } finally {
    await host.close();
  }
}
