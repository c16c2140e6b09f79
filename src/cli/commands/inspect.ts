/**
 * `mcpkit inspect [-- <command> | <url>] [--config FILE] [--port N] [--open]`: the web
 * inspector. It serves the page on 127.0.0.1 (a free port unless `--port`), prints its URL
 * with a fresh token, connects to the server given (or to every server of the configuration),
 * and runs until interrupted. With no server, the page connects to one.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readConfig } from 'mcpkit/host';
import { serveSandbox } from 'mcpkit/node';
import { findOpener, openUrl } from '../browser.js';
import { DEFAULT_TIMEOUT_MS } from '../connect.js';
import { EXIT } from '../exit-codes.js';
import { samplingModel } from '../models.js';
import { parseCommand } from '../options.js';
import { serveInspector } from '../inspect/http-server.js';
import { Inspector } from '../inspect/inspector.js';
import type { ConnectTarget, EraChoice } from '../inspect/protocol.js';
import { portNumber } from '../serve-until-done.js';
import { isUrlTarget, UsageError } from '../server-target.js';

export async function runInspect(args: string[]): Promise<number> {
  const parsed = parseCommand(
    'inspect',
    args,
    { port: { type: 'string' }, open: { type: 'boolean', default: false } },
    true,
  );
  if (parsed.positionals.length > 0) throw new UsageError(`unexpected arguments: ${parsed.positionals.join(' ')}`);
  const { options } = parsed;
  const era: EraChoice =
    options.protocolVersion === '2025-11-25' || options.era === 'legacy'
      ? '2025-11-25'
      : options.protocolVersion === '2026-07-28' || options.era === 'modern'
        ? '2026-07-28'
        : 'auto';
  const say = (line: string) => console.error(`mcpkit inspect: ${line}`);
  const model = samplingModel();
  const inspector = new Inspector({ timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, say, ...(model && { model }) });
  const server = await serveInspector(inspector, {
    token: randomBytes(32).toString('base64url'),
    port: portNumber(parsed.values.port as string | undefined, 0),
    pageDir: pageDir(),
  });
  // MCP App views are framed through a sandbox on a port of its own: another origin.
  const sandbox = await serveSandbox({ hostOrigins: [server.origin] });
  inspector.sandbox = sandbox.url;
  console.log(server.url);
  say(`open ${server.url} (it holds this run's token). Ctrl-C stops it.`);
  if (model !== undefined)
    say(`${model.provider} ${model.model} drafts answers to sampling requests (MCPKIT_PROVIDER)`);
  if (parsed.values.open === true) {
    const opener = findOpener();
    if (opener === undefined) say('no browser to open here: open the URL yourself');
    else await openUrl(opener, server.url).catch((error: Error) => say(`the browser did not open: ${error.message}`));
  }
  for (const target of await targets(parsed)) {
    const inspected = await inspector.connect(target, era);
    if (inspected.state.status === 'failed') say(`${inspected.state.label}: ${inspected.state.error}`);
  }
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  await server.close();
  await sandbox.close();
  await inspector.close();
  return EXIT.ok;
}

/** The servers to connect to at start: the one given, or the configuration's. */
async function targets(parsed: ReturnType<typeof parseCommand>): Promise<ConnectTarget[]> {
  const { target, config, options } = parsed;
  if (target !== undefined) {
    if (isUrlTarget(target)) {
      const { clientId, clientSecret } = options.auth;
      const oauth = clientId === undefined ? {} : { clientId, ...(clientSecret !== undefined && { clientSecret }) };
      return [{ type: 'http', url: target.url, headers: Object.fromEntries(options.headers), oauth }];
    }
    const [command, ...args] = target.command;
    if (command === undefined) return [];
    return [{ type: 'stdio', command, args, env: options.env, ...(options.cwd !== undefined && { cwd: options.cwd }) }];
  }
  if (config === undefined) return [];
  const read = await readConfig(config);
  return Object.values(read.servers).map((entry) =>
    entry.type === 'stdio'
      ? {
          type: 'stdio',
          command: entry.command,
          args: entry.args,
          env: entry.env,
          ...(entry.cwd !== undefined && { cwd: entry.cwd }),
        }
      : {
          type: 'http',
          url: entry.url,
          headers: entry.headers,
          transport: entry.type === 'sse' ? 'sse' : 'streamable',
        },
  );
}

/** The built page: dist/inspector/, beside the command line's bundle (or one folder up, from its chunks). */
function pageDir(): string {
  for (const relative of ['./inspector/', '../inspector/', '../../../dist/inspector/']) {
    const dir = fileURLToPath(new URL(relative, import.meta.url));
    if (existsSync(`${dir}index.html`)) return dir;
  }
  throw new Error('the inspector’s page is missing: build the package (npm run build)');
}
