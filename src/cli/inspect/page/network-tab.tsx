/**
 * Every JSON-RPC message of a server, both ways, with its time and size.
 * @module
 */
import { useContext } from 'preact/hooks';
import type { ServerState } from '../protocol.js';
import { InspectorContext } from './context.js';

export function NetworkTab({ server }: { server: ServerState }) {
  const { state } = useContext(InspectorContext);
  const entries = state.wire.filter((entry) => entry.server === server.id);
  return (
    <table class="wire">
      <caption>Messages</caption>
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Direction</th>
          <th scope="col">Message</th>
          <th scope="col">Size</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => {
          const message = entry.message as { method?: string; id?: unknown };
          return (
            <tr key={entry.seq}>
              <td>{new Date(entry.time).toLocaleTimeString()}</td>
              <td>{entry.direction === 'sent' ? '→ sent' : '← received'}</td>
              <td>
                <code>{message.method ?? `response ${JSON.stringify(message.id)}`}</code>
              </td>
              <td>{entry.size} B</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
