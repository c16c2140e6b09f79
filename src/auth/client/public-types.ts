/**
 * The application's part of an authorization: what it is given (the URL to send the user to)
 * and what it gives back (where the browser came back to). A desktop app opens a browser and
 * listens on a loopback port, a command line prints the URL, a test fetches it.
 * @module
 */

/** Where the browser came back to: the redirect URL, or its query. */
export type AuthorizationRedirect = URL | URLSearchParams | string;

/** What the application's authorize hook is told besides the URL. */
export interface AuthorizeContext {
  /** The MCP server the authorization is for. */
  readonly serverUrl: string;
  /** The authorization server the user is sent to. */
  readonly issuer: string;
  /** Where the authorization server sends the browser back. */
  readonly redirectUri: string;
  /** Aborts when nothing waits for the authorization any more (the transport closed). */
  readonly signal: AbortSignal | undefined;
}

/**
 * The user's part: show `url` to the user (open a browser, print it), and resolve with the
 * redirect the browser came back with, or its query. A test or an unattended client may fetch
 * the URL with `redirect: 'manual'` and resolve with the `Location` of the answer.
 */
export type AuthorizeHook = (url: URL, context: AuthorizeContext) => Promise<AuthorizationRedirect>;
