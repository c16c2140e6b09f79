/**
 * Connecting to a server from the page: a command (stdio) or a URL (HTTP), and the era.
 * Starting a command needs the token like every request, and the inspector echoes it in its
 * terminal.
 * @module
 */
import { useContext, useState } from 'preact/hooks';
import type { EraChoice } from '../protocol.js';
import { InspectorContext } from './context.js';

export function ConnectForm({ onConnected }: { onConnected: (id: string) => void }) {
  const { api } = useContext(InspectorContext);
  const [kind, setKind] = useState<'stdio' | 'http'>('stdio');
  const [where, setWhere] = useState('');
  const [era, setEra] = useState<EraChoice>('auto');
  const [error, setError] = useState<string | undefined>(undefined);
  const submit = async (event: Event) => {
    event.preventDefault();
    setError(undefined);
    const [command = '', ...args] = where.trim().split(/\s+/);
    const target =
      kind === 'http' ? { type: 'http' as const, url: where.trim() } : { type: 'stdio' as const, command, args };
    try {
      const { server } = await api.command('connect', { target, era });
      onConnected(server.id);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <form class="connect" onSubmit={(e) => void submit(e)} aria-labelledby="connect-title">
      <h1 id="connect-title">Connect to a server</h1>
      <label>
        Transport{' '}
        <select value={kind} onChange={(e) => setKind((e.target as HTMLSelectElement).value as 'stdio' | 'http')}>
          <option value="stdio">stdio (a command)</option>
          <option value="http">HTTP (a URL)</option>
        </select>
      </label>
      <label>
        {kind === 'http' ? 'URL' : 'Command'}{' '}
        <input value={where} required onInput={(e) => setWhere((e.target as HTMLInputElement).value)} />
      </label>
      <label>
        Era{' '}
        <select value={era} onChange={(e) => setEra((e.target as HTMLSelectElement).value as EraChoice)}>
          <option value="auto">automatic</option>
          <option value="2025-11-25">2025-11-25</option>
          <option value="2026-07-28">2026-07-28</option>
        </select>
      </label>
      <button type="submit">Connect</button>
      {error !== undefined && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </form>
  );
}
