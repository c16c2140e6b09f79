/**
 * Protocol revisions and the single predicate that splits them into two eras.
 * @module
 */

/** Revisions with the initialize handshake and sessions, newest first. */
export const STATEFUL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;
/** Revisions without a handshake, where every request carries its version in `_meta`, newest first. */
export const STATELESS_VERSIONS = ['2026-07-28'] as const;
/** Every revision this library speaks, newest first. */
export const SUPPORTED_VERSIONS = [...STATELESS_VERSIONS, ...STATEFUL_VERSIONS] as const;

export type StatefulVersion = (typeof STATEFUL_VERSIONS)[number];
export type StatelessVersion = (typeof STATELESS_VERSIONS)[number];
export type ProtocolVersion = (typeof SUPPORTED_VERSIONS)[number];

export const LATEST_STATEFUL_VERSION: StatefulVersion = '2025-11-25';
export const LATEST_VERSION: ProtocolVersion = '2026-07-28';

/** First revision of the stateless era. Revisions are ISO dates, so string order is time order. */
const FIRST_STATELESS = '2026-07-28';

/** Whether a revision belongs to the stateless era (no initialize, per-request `_meta`). */
export function isStateless(version: string): boolean {
  return version >= FIRST_STATELESS;
}

/** Whether `version` is a revision mcpkit speaks (one of {@link SUPPORTED_VERSIONS}), for reading one from configuration or a command line. */
export function isSupportedVersion(version: unknown): version is ProtocolVersion {
  return typeof version === 'string' && (SUPPORTED_VERSIONS as readonly string[]).includes(version);
}

export function isStatefulVersion(version: unknown): version is StatefulVersion {
  return typeof version === 'string' && (STATEFUL_VERSIONS as readonly string[]).includes(version);
}

/**
 * The server's answer to an initialize request: the requested version when the server
 * supports it, otherwise the latest version the server supports.
 */
export function negotiateStatefulVersion(requested: string, supported: readonly StatefulVersion[] = STATEFUL_VERSIONS): StatefulVersion {
  const match = supported.find((v) => v === requested);
  return match ?? supported.reduce((a, b) => (b > a ? b : a));
}

/** True when `version` is at or after `since` (both revisions). */
export function atLeast(version: string, since: string): boolean {
  return version >= since;
}
