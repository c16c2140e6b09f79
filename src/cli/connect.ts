/**
 * Opening a client session to the server a command names, and closing it on the way out.
 * @module
 */
import { McpError } from 'mcpkit';
import { Client, type ClientSession, type ConnectOptions } from 'mcpkit/client';
import { directoryRoot, sample } from 'mcpkit/host';
import { connectHttp } from 'mcpkit/http';
import { defaultEraCachePath, FileEraCache } from 'mcpkit/node';
import { cliAnswers } from './answers.js';
import { samplingModel } from './models.js';
import { AuthorizationFailed, authorizationFailure, commandAuth, type CommandAuth } from './login.js';
import type { CommonOptions } from './options.js';
import { NON_PROTOCOL_GRACE_MS, ServerOutputWatch } from './server-output.js';
import { isUrlTarget, openTarget, type ServerTarget } from './server-target.js';
import { VERSION } from './version.js';

/** The time limit for connecting, and for each request, without `--timeout`. */
export const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * Runs `use` with a session to `target` (spawned, or reached by URL), closing it afterwards. A
 * server given by URL that asks for authorization gets it (a login in the browser, or the
 * tokens kept from an earlier one), unless `--header` sets `Authorization`; `auth` is the
 * OAuth client to use, by default one made here.
 */
export async function withSession<T>(
  target: ServerTarget,
  options: CommonOptions,
  use: (session: ClientSession) => Promise<T>,
  auth?: CommandAuth,
): Promise<T> {
  if (!isUrlTarget(target)) return session(target, options, use, undefined);
  const ownAuthorization = options.headers.some(([name]) => name.toLowerCase() === 'authorization');
  const oauth = ownAuthorization ? undefined : (auth ?? (await commandAuth(target.url, options.auth)));
  try {
    return await session(target, options, use, oauth);
  } catch (error) {
    const failure = authorizationFailure(error, target.url);
    if (failure !== undefined) throw new AuthorizationFailed(failure, { cause: error });
    throw error;
  }
}

async function session<T>(
  target: ServerTarget,
  options: CommonOptions,
  use: (session: ClientSession) => Promise<T>,
  auth: CommandAuth | undefined,
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const output = new ServerOutputWatch(options.timeoutMs === undefined ? NON_PROTOCOL_GRACE_MS : undefined);
  const answers = cliAnswers({ noInput: options.auth.noInput, model: samplingModel() });
  const server = isUrlTarget(target) ? target.url : (target.command[0] ?? 'server');
  const client = new Client(
    { name: 'mcpkit-cli', version: VERSION },
    {
      requestTimeoutMs: timeoutMs,
      onError: (error) => output.onError(error),
      // What servers ask of the user is answered as the host answers it for a configuration's.
      roots: (options.roots.length > 0 ? options.roots : [process.cwd()]).map(directoryRoot),
      elicitation: {
        form: (params, ctx) => answers.elicitation.form!(server, params, ctx.signal),
        url: (params, ctx) => answers.elicitation.url!(server, params, ctx.signal),
      },
      sampling: {
        tools: true,
        handler: async (params, ctx) => {
          const answer = await answers.consent({ kind: 'sampling', server, params, trusted: false }, ctx.signal);
          if (answer === 'deny') throw new McpError(-1, 'the user did not allow this sampling request');
          return sample(answers.model, params, ctx.signal);
        },
      },
    },
  );
  // Each run is a new process: the era of each server is remembered in a file, so one that
  // speaks only the handshake is not probed on every run.
  const connect: ConnectOptions = {
    era: options.era,
    eraCache: new FileEraCache(defaultEraCachePath()),
    ...(options.protocolVersion && { protocolVersion: options.protocolVersion }),
    // The whole connect, the era probe included, within the one limit; but a login in the
    // browser, which takes the user minutes, only within a limit the user gave.
    ...((options.timeoutMs !== undefined || auth === undefined) && { timeoutMs }),
    signal: output.signal,
  };
  let session: ClientSession;
  try {
    session = isUrlTarget(target)
      ? (
          await connectHttp(client, target.url, {
            ...connect,
            headers: options.headers,
            ...(auth && { auth: auth.auth }),
          })
        ).session
      : await client.connect(
          openTarget(target, { quiet: options.quiet, env: options.env, ...(options.cwd && { cwd: options.cwd }) }),
          connect,
        );
  } finally {
    output.settled();
  }
  if (options.verbose) await showLogs(session);
  try {
    return await use(session);
  } finally {
    await session.close();
  }
}

/** `--verbose`: the server's log messages, from the lowest level, on stderr. */
async function showLogs(session: ClientSession): Promise<void> {
  if (!session.serverCapabilities.logging) return;
  session.on('log', (message) => {
    const data = typeof message.data === 'string' ? message.data : JSON.stringify(message.data);
    process.stderr.write(`[server] ${message.level}${message.logger ? ` ${message.logger}` : ''}: ${data}\n`);
  });
  await session.setLoggingLevel({ level: 'debug' }).catch((error: unknown) => {
    process.stderr.write(
      `mcpkit: the server refused a log level: ${error instanceof Error ? error.message : String(error)}\n`,
    );
  });
}
