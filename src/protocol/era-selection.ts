/**
 * Choosing the era of a client session: the modern revision when the server speaks it, the
 * initialize handshake otherwise, as the versioning rules of 2026-07-28 describe. The probe is
 * `server/discover`; what it learns is cached per server, so a server of the legacy era is
 * not probed again on the next connection (and is probed again if that assumption fails).
 * @module
 */
import { systemClock, type Clock } from '../jsonrpc/clock.js';
import { JsonRpcError, RequestTimeoutError } from '../jsonrpc/errors.js';
import type { EraCache } from './era-cache.js';
import { UnsupportedVersionError } from './errors.js';
import { shapeForRevision } from './revision-shape.js';
import type { Session } from './session.js';
import { initialize, type Implementation, type InitializeOutcome } from './handshake.js';
import { discover } from './discover.js';
import {
  isLegacyVersion,
  isModern,
  LATEST_LEGACY_VERSION,
  LATEST_VERSION,
  LEGACY_VERSIONS,
  MODERN_VERSIONS,
  type ProtocolVersion,
  type LegacyVersion,
} from './versions.js';

/** Which era a connection may use: `auto` probes (and remembers); the others insist. */
export type EraChoice = 'auto' | 'modern' | 'legacy';

export interface EraSelectionOptions {
  clientInfo: Implementation;
  /** What the client declares in `version`, before shaping to that revision. */
  capabilitiesFor(version: string): Record<string, unknown>;
  /**
   * Pins the revision. A legacy one means the handshake, no probe. A modern one is the
   * first the probe asks for (falling back to the handshake unless `era` is `modern`).
   */
  protocolVersion?: ProtocolVersion;
  era?: EraChoice;
  /** Where eras are remembered; nothing is when absent. */
  cache?: EraCache;
  /** The server's name in the cache; nothing is remembered without one. */
  cacheKey?: string;
  /** Time limit for the probe before falling back. Default 10 s. */
  discoverTimeoutMs?: number;
  /**
   * Time limit for the whole selection: the probe, the handshake, and any retry. Default: none
   * beyond each request's own limit.
   */
  timeoutMs?: number;
  /** What `timeoutMs` is measured by. Default real time. */
  clock?: Clock;
  signal?: AbortSignal;
}

/** The default time limit of the `server/discover` probe. */
export const DEFAULT_DISCOVER_TIMEOUT_MS = 10_000;

/** Opens `session` in the era the server speaks (see the module comment); resolves with what the server said. */
export async function selectEra(session: Session, options: EraSelectionOptions): Promise<InitializeOutcome> {
  const limit =
    options.timeoutMs === undefined ? undefined : new Deadline(options.timeoutMs, options.clock ?? systemClock);
  try {
    return await select(session, options, limit);
  } catch (error) {
    throw limit?.explain(error) ?? error;
  }
}

async function select(
  session: Session,
  options: EraSelectionOptions,
  limit: Deadline | undefined,
): Promise<InitializeOutcome> {
  const pinned = options.protocolVersion;
  const era = options.era ?? 'auto';
  if (era !== 'auto' && era !== 'modern' && era !== 'legacy')
    throw new TypeError(`era must be 'auto', 'modern' or 'legacy', not ${JSON.stringify(era)}`);
  if (pinned !== undefined && isLegacyVersion(pinned)) {
    if (era === 'modern')
      throw new TypeError(`protocolVersion ${pinned} is a revision of the legacy era, but era 'modern' was asked for`);
    return handshake(session, options, pinned, limit);
  }
  if (pinned !== undefined && era === 'legacy')
    throw new TypeError(`protocolVersion ${pinned} is a modern revision, but era 'legacy' was asked for`);
  if (era === 'legacy') return handshake(session, options, LATEST_LEGACY_VERSION, limit);

  const { cache, cacheKey } = options;
  const remember =
    cache && cacheKey !== undefined && era === 'auto'
      ? (outcome: InitializeOutcome) => remembered(cache, cacheKey, outcome)
      : (outcome: InitializeOutcome) => outcome;
  const cached = cache && cacheKey !== undefined && era === 'auto' ? cache.get(cacheKey) : undefined;
  if (cached?.era === 'legacy') {
    try {
      return remember(
        await handshake(
          session,
          options,
          isLegacyVersion(cached.protocolVersion) ? cached.protocolVersion : LATEST_LEGACY_VERSION,
          limit,
        ),
      );
    } catch (error) {
      // The server is not what it was: forget it, and probe on this connection if it is still open.
      cache?.delete(cacheKey as string);
      if (session.closed || !(error instanceof JsonRpcError) || options.signal?.aborted || limit?.passed()) throw error;
    }
  }

  const first =
    pinned ??
    (cached?.era === 'modern' && (MODERN_VERSIONS as readonly string[]).includes(cached.protocolVersion)
      ? cached.protocolVersion
      : LATEST_VERSION);
  const probeLimit = options.discoverTimeoutMs ?? DEFAULT_DISCOVER_TIMEOUT_MS;
  const probe = await discover(session, {
    clientInfo: shapeForRevision('Implementation', options.clientInfo, first),
    capabilities: shapeForRevision('ClientCapabilities', options.capabilitiesFor(first), first),
    protocolVersion: first,
    request: {
      timeoutMs: limit ? Math.min(probeLimit, limit.remaining()) : probeLimit,
      ...(options.signal && { signal: options.signal }),
    },
    // Out of time for the whole connect: no time is left for the handshake either.
    ...(limit && { givesUp: () => limit.passed() }),
  });
  if (probe.era === 'modern') return remember(probe.outcome);
  if (era === 'modern') {
    throw new UnsupportedVersionError(
      `The server does not speak the modern revision (${probe.reason}); connect with era 'auto' or 'legacy' to use the handshake`,
      {
        requested: first,
        ...(probe.supported && { supported: probe.supported }),
      },
    );
  }
  const offered = LEGACY_VERSIONS.find((v) => probe.supported?.includes(v));
  return remember(await handshake(session, options, offered ?? LATEST_LEGACY_VERSION, limit));
}

function handshake(
  session: Session,
  options: EraSelectionOptions,
  version: LegacyVersion,
  limit: Deadline | undefined,
): Promise<InitializeOutcome> {
  return initialize(session, {
    clientInfo: options.clientInfo,
    capabilities: options.capabilitiesFor(version),
    protocolVersion: version,
    request: {
      ...(limit && { timeoutMs: limit.remaining() }),
      ...(options.signal && { signal: options.signal }),
    },
  });
}

/** The time limit of a whole connect, and the error that says it ran out, and waiting for what. */
class Deadline {
  readonly #at: number;

  constructor(
    readonly timeoutMs: number,
    readonly clock: Clock,
  ) {
    this.#at = clock.now() + timeoutMs;
  }

  /** What is left, at least 1 ms: a request given no time at all would never be sent. */
  remaining(): number {
    return Math.max(1, this.#at - this.clock.now());
  }

  passed(): boolean {
    return this.clock.now() >= this.#at;
  }

  /** A request's timeout, once the whole limit has passed, as the connect's own. */
  explain(error: unknown): unknown {
    if (!(error instanceof RequestTimeoutError) || !this.passed()) return error;
    const method = (error.data as { method?: unknown } | undefined)?.method;
    const waiting = typeof method === 'string' ? `: the server did not answer ${method}` : '';
    return new RequestTimeoutError(`Connecting timed out after ${this.timeoutMs} ms${waiting}`, {
      timeoutMs: this.timeoutMs,
      ...(typeof method === 'string' && { method }),
    });
  }
}

function remembered(cache: EraCache, key: string, outcome: InitializeOutcome): InitializeOutcome {
  cache.set(key, {
    era: isModern(outcome.protocolVersion) ? 'modern' : 'legacy',
    protocolVersion: outcome.protocolVersion,
  });
  return outcome;
}
