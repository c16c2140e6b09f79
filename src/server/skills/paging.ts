/**
 * Pages of the Skills extension's lists (`skills/list`, `resources/directory/read`): items in
 * URI order, a page holding those after the cursor's URI, so skills added or removed between
 * pages never shift the boundary. A cursor is the base64url (no padding) of
 * `after:<the page's last URI>`, as the official SDK writes it; anything else is -32602
 * `Invalid cursor`.
 * @module
 */
import { invalidParams } from '../../protocol/errors.js';
import { fromBase64Url, toBase64Url } from '../../internal/base64.js';

const PREFIX = 'after:';

/** The cursor that continues after `uri`. */
export function cursorAfter(uri: string): string {
  return toBase64Url(new TextEncoder().encode(PREFIX + uri));
}

/** The URI a cursor continues after; throws -32602 `Invalid cursor` for anything not made by `cursorAfter`. */
export function uriAfter(cursor: string): string {
  const bytes = fromBase64Url(cursor);
  let text: string | undefined;
  try {
    text = bytes === undefined ? undefined : new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = undefined;
  }
  if (text === undefined || !text.startsWith(PREFIX)) throw invalidParams('Invalid cursor');
  return text.slice(PREFIX.length);
}

/** The first index of `sorted` (in URI code-unit order) past `after`. */
function firstAfter<T extends { uri: string }>(sorted: readonly T[], after: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]!.uri <= after) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** One page of `sorted` (by URI) of at most `size` items, after `cursor`, and the cursor of the next when there is one. */
export function pageOf<T extends { uri: string }>(
  sorted: readonly T[],
  cursor: string | undefined,
  size: number,
): { items: T[]; nextCursor?: string } {
  const start = cursor === undefined ? 0 : firstAfter(sorted, uriAfter(cursor));
  const end = Math.min(sorted.length, start + size);
  const items = sorted.slice(start, end);
  return end < sorted.length && items.length > 0 ? { items, nextCursor: cursorAfter(items.at(-1)!.uri) } : { items };
}
