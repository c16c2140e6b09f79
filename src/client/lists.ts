/**
 * Walking a paginated list (`tools/list`, `resources/list`, ...) item by item, page after page.
 * @module
 */
import { ErrorCode } from '../jsonrpc/errors.js';
import { McpError } from '../protocol/errors.js';
import type { PaginatedResult } from '../types/base.js';

/**
 * Yields the items of every page, asking for the next page only when the consumer gets there,
 * until a page has no `nextCursor`. A server that hands out a cursor it already gave would make
 * the walk endless; that fails with an `McpError` (-32603) naming the method and the cursor.
 */
export async function* paginate<Page extends PaginatedResult, Item>(
  method: string,
  fetchPage: (cursor: string | undefined) => Promise<Page>,
  itemsOf: (page: Page) => readonly Item[],
): AsyncGenerator<Item, void, undefined> {
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    const page = await fetchPage(cursor);
    yield* itemsOf(page);
    cursor = page.nextCursor;
    if (cursor === undefined) return;
    if (seen.has(cursor)) {
      throw new McpError(
        ErrorCode.InternalError,
        `The server repeated the ${method} cursor ${JSON.stringify(cursor)}; stopped listing to avoid an endless loop`,
        { method, cursor },
      );
    }
    seen.add(cursor);
  }
}
