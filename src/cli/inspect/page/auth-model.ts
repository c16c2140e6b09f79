/**
 * What the Authorization view says of an OAuth flow, pure: each step's name, a line on where
 * the flow stands, and the login page's address, given only when it is an http(s) URL (a
 * server's metadata names it: a `javascript:` one never becomes a link).
 * @module
 */
import type { AuthFlow, AuthPhase } from '../protocol.js';

export const PHASE_LABELS: Record<AuthPhase, string> = {
  'protected-resource': 'Protected resource metadata',
  'server-metadata': 'Authorization server metadata',
  registration: 'Client registration',
  authorize: 'Authorize in the browser',
  token: 'Token request',
  refresh: 'Token refresh',
};

/** Where the flow stands, in words. */
export function statusLine(flow: AuthFlow): string {
  switch (flow.status) {
    case 'paused':
      return `Next: ${PHASE_LABELS[flow.next ?? 'protected-resource'].toLowerCase()}. Continue when ready.`;
    case 'authorizing':
      return 'Waiting for you to log in: open the login page.';
    case 'running':
      return 'Running…';
    case 'done':
      return flow.tokens !== undefined
        ? 'Authorized.'
        : 'No tokens: the next request the server refuses authorizes again.';
    case 'failed':
      return `Failed: ${flow.error ?? 'no reason given'}`;
  }
}

/** The login page's URL when it is one a link may open (http or https), else `undefined`. */
export function loginUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
