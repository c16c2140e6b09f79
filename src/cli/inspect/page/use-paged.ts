/**
 * A server's paginated list (`resources/list`, `resources/templates/list`, `prompts/list`,
 * `tasks/list`): the first page on mount, then each next page on demand by its cursor.
 * @module
 */
import { useCallback, useContext, useEffect, useState } from 'preact/hooks';
import { InspectorContext } from './context.js';

export interface Paged<T> {
  items: T[];
  /** Whether the server has another page. */
  more: boolean;
  loadMore: () => void;
  /** Starts over from the first page. */
  reload: () => void;
  error?: string;
}

export function usePaged<T>(server: string, method: string, key: string, enabled = true): Paged<T> {
  const { api } = useContext(InspectorContext);
  const [items, setItems] = useState<T[]>([]);
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const load = useCallback(
    (from: string | undefined) => {
      setError(undefined);
      const params = from !== undefined ? { cursor: from } : {};
      api
        .command('request', { server, method, params })
        .then((page) => {
          const found = Array.isArray(page[key]) ? (page[key] as T[]) : [];
          setItems((current) => (from === undefined ? found : [...current, ...found]));
          setCursor(typeof page.nextCursor === 'string' ? page.nextCursor : undefined);
        })
        .catch((e: Error) => setError(e.message));
    },
    [api, server, method, key],
  );
  useEffect(() => {
    if (enabled) load(undefined);
  }, [load, enabled]);
  return {
    items,
    more: cursor !== undefined,
    loadMore: () => load(cursor),
    reload: () => load(undefined),
    ...(error !== undefined ? { error } : {}),
  };
}
