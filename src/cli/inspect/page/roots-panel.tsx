/**
 * The roots the inspector offers a server (`file://` URIs it may work in): listed, removed,
 * added by path or URI. Each change is sent at once; the server is told the list changed.
 * @module
 */
import { useContext, useState } from 'preact/hooks';
import type { ServerState } from '../protocol.js';
import { InspectorContext } from './context.js';

/** A root's URI from what was typed: a `file://` URI as it is, an absolute path made one. */
export function rootUri(typed: string): string | undefined {
  const text = typed.trim();
  if (text.startsWith('file://')) return text;
  if (!text.startsWith('/')) return undefined;
  return `file://${text.split('/').map(encodeURIComponent).join('/')}`;
}

export function RootsPanel({ server }: { server: ServerState }) {
  const { api } = useContext(InspectorContext);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const save = async (roots: ServerState['roots']) => {
    setError(undefined);
    try {
      await api.command('roots', { server: server.id, roots });
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const add = (event: Event) => {
    event.preventDefault();
    const uri = rootUri(typed);
    if (uri === undefined) return setError('A root is an absolute path or a file:// URI');
    setTyped('');
    void save([...server.roots, { uri }]);
  };
  return (
    <details>
      <summary>Roots ({server.roots.length})</summary>
      <ul aria-label="Roots">
        {server.roots.map((root) => (
          <li key={root.uri}>
            <code>{root.uri}</code>{' '}
            <button type="button" onClick={() => void save(server.roots.filter((r) => r.uri !== root.uri))}>
              Remove {root.name ?? root.uri}
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={add}>
        <label>
          New root <input value={typed} onInput={(e) => setTyped((e.target as HTMLInputElement).value)} />
        </label>
        <button type="submit">Add root</button>
      </form>
      {error !== undefined && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </details>
  );
}
