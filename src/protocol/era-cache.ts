/**
 * What a client remembers of the servers it connected to: which era each speaks. The spec asks
 * clients to cache the era of a server (per process for stdio, per origin for HTTP) so that a
 * server of the legacy era is not probed on every connection.
 * @module
 */

/** The two eras: per-request `_meta` (2026-07-28 on), or the initialize handshake. */
export type Era = 'modern' | 'legacy';

/** What is remembered of one server. */
export interface EraRecord {
  /** The era the server spoke. */
  era: Era;
  /** The revision the last connection spoke. */
  protocolVersion: string;
  /** Over HTTP, the transport that worked; absent means Streamable HTTP. */
  transport?: 'streamable-http' | 'sse';
}

/** Where eras are remembered, by a key naming the server (a URL, a command line). */
export interface EraCache {
  /** What is remembered of the server `key` names, if anything. */
  get(key: string): EraRecord | undefined;
  /** Remembers what a connection to the server learned. */
  set(key: string, record: EraRecord): void;
  /** Forgets the server: its era was wrong, or changed. */
  delete(key: string): void;
}

/** An {@link EraCache} in memory, forgetting the least recently used server beyond `maxEntries`. */
export class MemoryEraCache implements EraCache {
  readonly #records = new Map<string, EraRecord>();
  readonly #maxEntries: number;

  constructor(maxEntries = 1000) {
    this.#maxEntries = maxEntries;
  }

  get(key: string): EraRecord | undefined {
    const record = this.#records.get(key);
    if (record) {
      this.#records.delete(key);
      this.#records.set(key, record);
    }
    return record && { ...record };
  }

  set(key: string, record: EraRecord): void {
    this.#records.delete(key);
    this.#records.set(key, { ...record });
    for (const oldest of this.#records.keys()) {
      if (this.#records.size <= this.#maxEntries) break;
      this.#records.delete(oldest);
    }
  }

  delete(key: string): void {
    this.#records.delete(key);
  }
}

/** The cache `connect` and `connectHttp` use unless told otherwise: one per process. */
export const processEraCache: EraCache = new MemoryEraCache();

/** Reads a record stored by someone else (a file), or `undefined` when it is not one. */
export function asEraRecord(value: unknown): EraRecord | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { era, protocolVersion, transport } = value as Record<string, unknown>;
  if ((era !== 'modern' && era !== 'legacy') || typeof protocolVersion !== 'string') return undefined;
  if (transport !== undefined && transport !== 'streamable-http' && transport !== 'sse') return undefined;
  return transport === undefined ? { era, protocolVersion } : { era, protocolVersion, transport };
}
