/**
 * Protocol revisions by era, and the single predicate that splits them. The revisions are listed
 * once, oldest first, in `types/revisions.ts`; the lists here are views of that one by era, newest
 * first, with the same literal types.
 * @module
 */
import { REVISIONS } from '../types/revisions.js';

/** First revision of the modern era. Revisions are ISO dates, so string order is time order. */
const FIRST_MODERN = '2026-07-28';

/** Whether a revision belongs to the modern era (no initialize, per-request `_meta`). */
export function isModern(version: string): boolean {
  return version >= FIRST_MODERN;
}

/** The revisions of an oldest-first tuple before the first modern one. */
type LegacyOf<T extends readonly string[]> = T extends readonly [infer V extends string, ...infer Rest extends string[]]
  ? V extends typeof FIRST_MODERN
    ? []
    : [V, ...LegacyOf<Rest>]
  : [];
/** The revisions of an oldest-first tuple from the first modern one on. */
type ModernOf<T extends readonly string[]> = T extends readonly [infer V extends string, ...infer Rest extends string[]]
  ? V extends typeof FIRST_MODERN
    ? [V, ...Rest]
    : ModernOf<Rest>
  : [];
type Reversed<T extends readonly string[]> = T extends readonly [infer V extends string, ...infer Rest extends string[]]
  ? [...Reversed<Rest>, V]
  : [];

/** The revisions `keep` selects, newest first, typed as `Tuple`. */
function newestFirst<Tuple extends readonly string[]>(keep: (version: string) => boolean): Tuple {
  return REVISIONS.filter(keep).reverse() as readonly string[] as Tuple;
}

/** Revisions with the initialize handshake and sessions, newest first. */
export const LEGACY_VERSIONS = newestFirst<readonly [...Reversed<LegacyOf<typeof REVISIONS>>]>((v) => !isModern(v));
/** Revisions without a handshake, where every request carries its version in `_meta`, newest first. */
export const MODERN_VERSIONS = newestFirst<readonly [...Reversed<ModernOf<typeof REVISIONS>>]>(isModern);
/** Every revision this library speaks, newest first. */
export const SUPPORTED_VERSIONS = [...MODERN_VERSIONS, ...LEGACY_VERSIONS] as const;

/** A revision with the initialize handshake and sessions (`2025-11-25` and older). */
export type LegacyVersion = (typeof LEGACY_VERSIONS)[number];
/** A revision without a handshake, whose requests carry their version in `_meta` (`2026-07-28`). */
export type ModernVersion = (typeof MODERN_VERSIONS)[number];
/** Any revision this library speaks. */
export type ProtocolVersion = (typeof SUPPORTED_VERSIONS)[number];

/** The newest revision with the initialize handshake. */
export const LATEST_LEGACY_VERSION: LegacyVersion = LEGACY_VERSIONS[0];
/** The newest revision this library speaks. */
export const LATEST_VERSION: ProtocolVersion = SUPPORTED_VERSIONS[0];

/**
 * Whether `version` is a revision mcpkit speaks (one of {@link SUPPORTED_VERSIONS}), for reading
 * one from configuration or a command line.
 */
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
export function negotiateLegacyVersion(
  requested: string,
  supported: readonly LegacyVersion[] = LEGACY_VERSIONS,
): LegacyVersion {
  const match = supported.find((v) => v === requested);
  return match ?? supported.reduce((a, b) => (b > a ? b : a));
}
