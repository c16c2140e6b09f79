/**
 * One HTTP request of a client transport, carrying what its `auth` option adds: the headers
 * asked for before each attempt, and on a 401 or 403 the question whether to send it again
 * (at most `MAX_AUTH_RETRIES` more times). Without `auth` it is a plain fetch.
 * @module
 */
import { MAX_AUTH_RETRIES, type AuthRequest, type HttpClientAuth } from '../../auth/client/http-auth.js';
import { bearerChallenge } from '../../auth/www-authenticate.js';
import type { FetchLike } from './fetch-options.js';
import { discardBody } from './response-body.js';

/** How a request goes: sent again after a refusal or not, and who hears it is held up meanwhile. */
export interface AuthorizedSending {
  /** Send it again when `auth` says so. Default true; false for a DELETE on closing. */
  readonly retry?: boolean;
  /**
   * Told when the request waits on `auth` (the user may be logging in) and when it goes on:
   * the JSON-RPC requests it carries should not run out of time meanwhile.
   */
  readonly hold?: (held: boolean) => void;
}

/**
 * Fetches `request.url` with `init`, authorized by `auth`. Resolves with the last answer (a
 * refusal `auth` gave up on included); rejects with what `auth` or fetch rejected with.
 */
export async function authorizedFetch(
  fetch: FetchLike,
  auth: HttpClientAuth | undefined,
  request: AuthRequest,
  init: RequestInit,
  sending: AuthorizedSending = {},
): Promise<Response> {
  if (auth === undefined) return fetch(request.url, { ...init, method: request.method });
  for (let attempt = 0; ; attempt++) {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(await auth.headers(request))) headers.set(name, value);
    const response = await fetch(request.url, { ...init, method: request.method, headers });
    const answer = { ...request, sent: headers, status: response.status, headers: response.headers };
    auth.answered?.(answer);
    if ((response.status !== 401 && response.status !== 403) || sending.retry === false || attempt >= MAX_AUTH_RETRIES)
      return response;
    let again: boolean;
    sending.hold?.(true);
    try {
      again = await auth.refused({
        ...answer,
        challenge: bearerChallenge(response.headers.get('www-authenticate')),
        attempt,
      });
    } catch (error) {
      await discardBody(response);
      throw error;
    } finally {
      sending.hold?.(false);
    }
    if (!again) return response;
    await discardBody(response);
  }
}
