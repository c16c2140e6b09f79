/**
 * Protocol revisions and the single predicate that splits them into two eras.
 * @module
 */

/** Revisions with the initialize handshake and sessions, newest first. */
export const LEGACY_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;
/** Revisions without a handshake, where every request carries its version in `_meta`, newest first. */
export const MODERN_VERSIONS = ['2026-07-28'] as const;
/** Every revision this library speaks, newest first. */
export const SUPPORTED_VERSIONS = [...MODERN_VERSIONS, ...LEGACY_VERSIONS] as const;

export type LegacyVersion = (typeof LEGACY_VERSIONS)[number];
export type ModernVersion = (typeof MODERN_VERSIONS)[number];
export type ProtocolVersion = (typeof SUPPORTED_VERSIONS)[number];

export const LATEST_LEGACY_VERSION: LegacyVersion = '2025-11-25';
export const LATEST_VERSION: ProtocolVersion = '2026-07-28';

/** First revision of the modern era. Revisions are ISO dates, so string order is time order. */
const FIRST_MODERN = '2026-07-28';

/** Whether a revision belongs to the modern era (no initialize, per-request `_meta`). */
export function isModern(version: string): boolean {
  return version >= FIRST_MODERN;
}

/** Whether `version` is a revision mcpkit speaks (one of {@link SUPPORTED_VERSIONS}), for reading one from configuration or a command line. */
export function isSupportedVersion(version: unknown): version is ProtocolVersion {
  return typeof version === 'string' && (SUPPORTED_VERSIONS as readonly string[]).includes(version);
}

export function isLegacyVersion(version: unknown): version is LegacyVersion {
  return typeof version === 'string' && (LEGACY_VERSIONS as readonly string[]).includes(version);
}

/**
 * The server's answer to an initialize request: the requested version when the server
 * supports it, otherwise the latest version the server supports.
 */
export function negotiateLegacyVersion(requested: string, supported: readonly LegacyVersion[] = LEGACY_VERSIONS): LegacyVersion {
  const match = supported.find((v) => v === requested);
  return match ?? supported.reduce((a, b) => (b > a ? b : a));
}

