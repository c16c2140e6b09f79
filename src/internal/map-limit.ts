/**
 * `items` mapped by an async `fn`, at most `limit` at a time, the results in the items' order:
 * enough at once to keep a runtime's I/O busy (Node's file calls run on a pool of threads),
 * not so many that a large folder opens thousands of files together.
 * @module
 */

/** Resolves with every result in order, or rejects with the first failure (the others still settle). */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
