/**
 * The network view's model, pure: each message of the wire read as a request, a notification
 * or a response; each request paired with its response by id (per server and direction) so
 * both know the method and the time between them; and the filter the user sets (text, method,
 * direction). Tested in Node, rendered by the network tab.
 * @module
 */
import type { WireEntry } from '../protocol.js';

export type MessageKind = 'request' | 'notification' | 'response' | 'error';

/** One wire entry, read. */
export interface WireRow {
  entry: WireEntry;
  kind: MessageKind;
  /** The method: its own, or for a response the method of the request it answers. */
  method?: string;
  /** The JSON-RPC id of a request or response. */
  id?: string | number;
  /** For a request, the `seq` of its response; for a response, the `seq` of its request. */
  pair?: number;
  /** Milliseconds from the request to its response, on both. */
  duration?: number;
}

interface Message {
  method?: unknown;
  id?: unknown;
  error?: unknown;
}

function kindOf(message: Message): MessageKind {
  if (typeof message.method === 'string') return message.id === undefined ? 'notification' : 'request';
  return message.error !== undefined ? 'error' : 'response';
}

/**
 * The rows of `entries`, in order, requests paired with responses: a request sent is answered
 * by a response received with its id, and a server's request received by a response sent.
 */
export function wireRows(entries: readonly WireEntry[]): WireRow[] {
  const open = new Map<string, WireRow>();
  return entries.map((entry) => {
    const message = (typeof entry.message === 'object' && entry.message !== null ? entry.message : {}) as Message;
    const kind = kindOf(message);
    const id = typeof message.id === 'string' || typeof message.id === 'number' ? message.id : undefined;
    const row: WireRow = { entry, kind, ...(typeof message.method === 'string' ? { method: message.method } : {}) };
    if (id !== undefined) row.id = id;
    if (id === undefined) return row;
    if (kind === 'request') {
      open.set(pairKey(entry.server, entry.direction, id), row);
      return row;
    }
    const asker = entry.direction === 'sent' ? 'received' : 'sent';
    const key = pairKey(entry.server, asker, id);
    const request = open.get(key);
    if (request === undefined) return row;
    open.delete(key);
    const duration = Math.max(0, entry.time - request.entry.time);
    Object.assign(request, { pair: entry.seq, duration });
    Object.assign(row, { pair: request.entry.seq, duration, ...(request.method ? { method: request.method } : {}) });
    return row;
  });
}

function pairKey(server: string, direction: string, id: string | number): string {
  return `${server}\u0000${direction}\u0000${typeof id}:${String(id)}`;
}

/** What the network view shows: every message, or those that pass all of these. */
export interface WireFilter {
  /** Words that the message's JSON must contain, case-insensitively. */
  text: string;
  /** One method, or `''` for all. */
  method: string;
  direction: 'all' | 'sent' | 'received';
}

export const NO_FILTER: WireFilter = { text: '', method: '', direction: 'all' };

/** The rows that pass `filter`. */
export function filterRows(rows: readonly WireRow[], filter: WireFilter): WireRow[] {
  const words = filter.text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return rows.filter((row) => {
    if (filter.direction !== 'all' && row.entry.direction !== filter.direction) return false;
    if (filter.method !== '' && row.method !== filter.method) return false;
    if (words.length === 0) return true;
    const json = JSON.stringify(row.entry.message).toLowerCase();
    return words.every((word) => json.includes(word) || (row.method ?? '').toLowerCase().includes(word));
  });
}

/** Each method seen in `rows` once, sorted: the choices of the method filter. */
export function methodsOf(rows: readonly WireRow[]): string[] {
  return [...new Set(rows.flatMap((row) => (row.method !== undefined ? [row.method] : [])))].sort();
}

/** `812 B`, `4.2 kB`, `1.3 MB`. */
export function formatSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** `85 ms`, `1.25 s`, or `` when unknown. */
export function formatDuration(ms: number | undefined): string {
  if (ms === undefined) return '';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}
