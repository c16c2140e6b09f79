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

/**
 * Fetches `request.url` with `init`, authorized by `auth`. Resolves with the last answer (a
 * refusal `auth` gave up on included); rejects with what `auth` or fetch rejected with.
 * `retry: false` sends the request once, refused or not (a DELETE on closing).
 */
export async function authorizedFetch(
  fetch: FetchLike,
  auth: HttpClientAuth | undefined,
  request: AuthRequest,
  init: RequestInit,
  retry = true,
): Promise<Response> {
  if (auth === undefined) return fetch(request.url, { ...init, method: request.method });
  for (let attempt = 0; ; attempt++) {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(await auth.headers(request))) headers.set(name, value);
    const response = await fetch(request.url, { ...init, method: request.method, headers });
    const answer = { ...request, sent: headers, status: response.status, headers: response.headers };
    auth.answered?.(answer);
    if ((response.status !== 401 && response.status !== 403) || !retry || attempt >= MAX_AUTH_RETRIES) return response;
    let again: boolean;
    try {
      again = await auth.refused({
        ...answer,
        challenge: bearerChallenge(response.headers.get('www-authenticate')),
        attempt,
      });
    } catch (error) {
      await discardBody(response);
      throw error;
    }
    if (!again) return response;
    await discardBody(response);
  }
}
