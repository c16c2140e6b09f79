/**
 * The error a client's authorization fails with: discovery, registration, the user's
 * authorization or a token request went wrong. Its message names what was tried and why it
 * failed, and never holds a token, a secret, a code or a verifier, nor what a server said in
 * its own words as if it were the client's.
 * @module
 */

/** What part of authorization failed. */
export type AuthorizationStep = 'discovery' | 'registration' | 'authorization' | 'token';

/**
 * A client's authorization failed: its `step` says where. The message never holds a token, a
 * secret, a code or a verifier.
 */
export class AuthorizationError extends Error {
  /** Where it failed: discovery, registration, the user's authorization, or a token request. */
  readonly step: AuthorizationStep;
  /** The OAuth error code an authorization server answered with (`invalid_client`, `access_denied`), if any. */
  readonly oauthError: string | undefined;

  constructor(step: AuthorizationStep, message: string, options?: ErrorOptions & { oauthError?: string | undefined }) {
    super(message, options);
    this.name = 'AuthorizationError';
    this.step = step;
    this.oauthError = options?.oauthError;
  }
}

/**
 * Text a server sent, fit to be quoted in a message: printable ASCII only, at most `limit`
 * characters, in JSON quotes so it reads as quoted.
 */
export function quoted(text: string, limit = 120): string {
  const clean = text.replace(/[^\x20-\x7e]/g, '?');
  return JSON.stringify(clean.length > limit ? `${clean.slice(0, limit)}…` : clean);
}
