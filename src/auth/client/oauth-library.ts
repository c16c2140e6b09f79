/**
 * oauth4webapi, loaded on first use: a client or server that never authorizes never loads it
 * (the cold-path test holds every entry point to that). Only its types are imported statically.
 * @module
 */
import type * as OAuth from 'oauth4webapi';

export type OAuthLibrary = typeof OAuth;

let loading: Promise<OAuthLibrary> | undefined;

/** The library; loaded once, tried again after a failed load. */
export function oauthLibrary(): Promise<OAuthLibrary> {
  loading ??= import('oauth4webapi').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
