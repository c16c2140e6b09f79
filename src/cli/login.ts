/**
 * The command line's side of OAuth: an `OAuthClient` for a server given by URL, whose user part
 * opens the authorization page in a browser (or shows its URL), waits on a loopback redirect
 * URI for the browser to come back, and keeps registration and tokens in the cache directory
 * so later runs need no browser. A port that served as redirect URI is used again while it is
 * free, so the client registered for it is too (a changed redirect URI means registering anew).
 * @module
 */
import { createServer } from 'node:net';
import { AuthorizationError, OAuthClient, type AuthorizeHook, type PreRegisteredClient } from 'mcpkit/auth';
import { HttpStatusError } from 'mcpkit/http';
import { listenForRedirect } from 'mcpkit/node';
import { REDIRECT_PORT_KEY, serverAuthDirectory, serverAuthStore } from './auth-cache.js';
import { findOpener, openUrl } from './browser.js';
import { VERSION } from './version.js';

/** The exit status of a command that could not get authorization (as the GitHub CLI uses it). */
export const AUTHORIZATION_EXIT_CODE = 4;

/** How long the browser has to come back. */
const LOGIN_TIMEOUT_MS = 5 * 60_000;

/** The authorization flags of a command. */
export interface AuthFlags {
  readonly clientId: string | undefined;
  readonly clientSecret: string | undefined;
  readonly clientMetadataUrl: string | undefined;
  /** Scopes to ask for besides those the server asks for. */
  readonly scopes: readonly string[];
  /** Never open a browser or wait for one: a login needed is an error. */
  readonly noInput: boolean;
}

/** A command failed for want of authorization: the message says what to do; exit status 4. */
export class AuthorizationFailed extends Error {
  override name = 'AuthorizationFailed';
}

/** A login that cannot happen here: `--no-input`, or no browser and no terminal. */
export class LoginRequired extends Error {
  override name = 'LoginRequired';
}

/** The OAuth client of one command, and what its logins did. */
export interface CommandAuth {
  readonly auth: OAuthClient;
  /** The authorization servers the user was sent to, in order. */
  readonly logins: string[];
}

/** Writes a line for the user, on stderr (stdout is the command's result). */
function say(line: string): void {
  process.stderr.write(`${line}\n`);
}

/** The OAuth client for the server at `serverUrl`, its state kept in the cache directory. */
export async function commandAuth(serverUrl: string, flags: AuthFlags): Promise<CommandAuth> {
  const store = serverAuthStore(serverUrl);
  const remembered = await store.get(REDIRECT_PORT_KEY);
  const port = await redirectPort(typeof remembered === 'number' ? remembered : undefined);
  const redirectUri = `http://127.0.0.1:${port}/callback`;
  const logins: string[] = [];
  const authorize: AuthorizeHook = async (url, context) => {
    // The client is registered for this redirect URI by now: the next run uses the port again.
    await store.set(REDIRECT_PORT_KEY, port).catch(() => {});
    const why = `${context.serverUrl} asks you to log in at ${context.issuer}`;
    if (flags.noInput) throw new LoginRequired(`${why}, and --no-input forbids a login here`);
    const opener = findOpener();
    if (opener === undefined && !process.stderr.isTTY)
      throw new LoginRequired(`${why}, and there is no browser to open (BROWSER is not set) nor a terminal to ask in`);
    askForScopes(url, flags.scopes);
    // A second login in one run is a step-up: the server refused a request for want of scope.
    const again = logins.includes(context.issuer);
    logins.push(context.issuer);
    const listener = await listenForRedirect({ port, timeoutMs: LOGIN_TIMEOUT_MS, signal: context.signal });
    try {
      const scope = url.searchParams.get('scope');
      say(
        again
          ? `${context.serverUrl} needs more scope: log in again at ${context.issuer}${scope ? ` (for scope ${scope})` : ''}.`
          : `${why}${scope ? ` (for scope ${scope})` : ''}.`,
      );
      if (opener !== undefined) {
        try {
          await openUrl(opener, url.href);
          say(`Opened the login page with ${opener.name}. If no page appeared, open this URL in a browser:`);
        } catch (error) {
          say(`Could not run ${opener.name} (${(error as Error).message}). Open this URL in a browser:`);
        }
      } else {
        say('Open this URL in a browser on this machine:');
      }
      say(`  ${url.href}`);
      say(
        `Waiting for the browser to come back to ${listener.redirectUri} (up to ${LOGIN_TIMEOUT_MS / 60_000} minutes; Ctrl-C gives up)...`,
      );
      let query: URLSearchParams;
      try {
        query = await listener.redirect;
      } catch (error) {
        if ((error as Error).name === 'TimeoutError')
          throw new Error(`the browser did not come back within ${LOGIN_TIMEOUT_MS / 60_000} minutes`);
        throw error;
      }
      say(
        query.has('error')
          ? 'The browser came back with an error from the authorization server.'
          : `The browser came back; the tokens will be kept in ${serverAuthDirectory(serverUrl)} for later commands.`,
      );
      return query;
    } finally {
      await listener.close();
    }
  };
  const client: PreRegisteredClient | undefined =
    flags.clientId === undefined
      ? undefined
      : { clientId: flags.clientId, ...(flags.clientSecret !== undefined && { clientSecret: flags.clientSecret }) };
  const auth = new OAuthClient({
    redirectUri,
    authorize,
    store,
    clientMetadata: { client_name: 'mcpkit command line', software_id: 'mcpkit-cli', software_version: VERSION },
    ...(client && { client }),
    ...(flags.clientMetadataUrl !== undefined && { clientMetadataUrl: flags.clientMetadataUrl }),
  });
  return { auth, logins };
}

/** Adds the `--scope` scopes to those the authorization request asks for. */
function askForScopes(url: URL, extra: readonly string[]): void {
  if (extra.length === 0) return;
  const asked = (url.searchParams.get('scope') ?? '').split(' ').filter(Boolean);
  url.searchParams.set('scope', [...new Set([...asked, ...extra])].join(' '));
}

/** `remembered` when it is free on 127.0.0.1, else a port the system gives now. */
export async function redirectPort(remembered: number | undefined): Promise<number> {
  if (remembered !== undefined && Number.isInteger(remembered) && remembered > 0 && remembered < 65536) {
    const free = await bindable(remembered);
    if (free !== undefined) return free;
  }
  return (await bindable(0)) ?? 0;
}

/** Binds `port` on 127.0.0.1 and lets it go: the port bound, or `undefined` when it is taken. */
function bindable(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : undefined));
    });
  });
}

/**
 * The message of a failure to get authorization, with what to do about it, or `undefined` when
 * `error` is not one.
 */
export function authorizationFailure(error: unknown, serverUrl: string | undefined): string | undefined {
  const login = serverUrl === undefined ? '' : `; \`mcpkit login ${serverUrl}\` logs in`;
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (e instanceof LoginRequired) return `${e.message}${login}`;
  }
  if (error instanceof AuthorizationError) return error.message;
  if (error instanceof HttpStatusError && (error.status === 401 || error.status === 403))
    return `${error.message}${login}`;
  return undefined;
}
