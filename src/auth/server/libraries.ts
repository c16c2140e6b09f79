/**
 * The OAuth libraries, loaded when a token is first checked: a server that does not use
 * authorization never loads them (test/package/cold-path.test.ts holds every entry point to
 * that). One import each, however many verifiers ask.
 * @module
 */
import type * as Jose from 'jose';
import type * as OAuth from 'oauth4webapi';

let jose: Promise<typeof Jose> | undefined;
let oauth: Promise<typeof OAuth> | undefined;

/** `jose`: JWT and JWS verification, JWK sets, thumbprints. */
export function loadJose(): Promise<typeof Jose> {
  return (jose ??= import('jose'));
}

/** `oauth4webapi`: authorization server metadata, introspection, client authentication. */
export function loadOauth(): Promise<typeof OAuth> {
  return (oauth ??= import('oauth4webapi'));
}
