/**
 * Every JSON-RPC message of a server, both ways: its time, direction, method, the time its
 * request took (a request paired with its response by id) and its size; a filter by text,
 * method and direction; the selected message's request and response; the list (as filtered)
 * exported as JSON Lines.
 * @module
 */
import { useContext, useMemo, useState } from 'preact/hooks';
import type { ServerState } from '../protocol.js';
import { InspectorContext } from './context.js';
import { saveText } from './downloads.js';
import { exportName, toJsonLines } from './jsonl.js';
import { NetworkDetail } from './network-detail.js';
import {
  filterRows,
  formatDuration,
  formatSize,
  methodsOf,
  NO_FILTER,
  wireRows,
  type WireFilter,
} from './wire-filter.js';

export function NetworkTab({ server }: { server: ServerState }) {
  const { state } = useContext(InspectorContext);
  const [filter, setFilter] = useState<WireFilter>(NO_FILTER);
  const [selected, setSelected] = useState<number | undefined>(undefined);
  const rows = useMemo(
    () => wireRows(state.wire.filter((entry) => entry.server === server.id)),
    [state.wire, server.id],
  );
  const shown = filterRows(rows, filter);
  const chosen = rows.find((row) => row.entry.seq === selected);
  const set = (change: Partial<WireFilter>) => setFilter((current) => ({ ...current, ...change }));
  const exportShown = () =>
    saveText(toJsonLines(shown.map((row) => row.entry)), exportName(server.id, Date.now()), 'application/jsonl');
  return (
    <div>
      <Filters filter={filter} methods={methodsOf(rows)} set={set} onExport={exportShown} />
      <p class="muted" role="status">
        {shown.length} of {rows.length} messages
      </p>
      <table class="wire">
        <caption>Messages</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Direction</th>
            <th scope="col">Message</th>
            <th scope="col">Duration</th>
            <th scope="col">Size</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr key={row.entry.seq} class={row.kind === 'error' ? 'error' : undefined}>
              <td>{new Date(row.entry.time).toLocaleTimeString()}</td>
              <td>{row.entry.direction === 'sent' ? '→ sent' : '← received'}</td>
              <td>
                <button
                  type="button"
                  class="link"
                  aria-pressed={row.entry.seq === selected}
                  onClick={() => setSelected(row.entry.seq)}
                >
                  {row.method ?? 'response'}
                  {row.kind !== 'request' && row.kind !== 'notification' ? ` (${row.kind})` : ''}
                  {row.id !== undefined && <span class="muted"> #{String(row.id)}</span>}
                </button>
              </td>
              <td>{formatDuration(row.duration)}</td>
              <td>{formatSize(row.entry.size)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {chosen !== undefined && <NetworkDetail server={server} row={chosen} rows={rows} />}
    </div>
  );
}

function Filters(props: {
  filter: WireFilter;
  methods: string[];
  set: (change: Partial<WireFilter>) => void;
  onExport: () => void;
}) {
  const { filter, set } = props;
  return (
    <form class="filters" role="search" aria-label="Filter messages" onSubmit={(e) => e.preventDefault()}>
      <label>
        Filter{' '}
        <input type="search" value={filter.text} onInput={(e) => set({ text: (e.target as HTMLInputElement).value })} />
      </label>
      <span class="control">
        <label for="filter-method">Method</label>{' '}
        <select
          id="filter-method"
          value={filter.method}
          onChange={(e) => set({ method: (e.target as HTMLSelectElement).value })}
        >
          <option value="">all</option>
          {props.methods.map((method) => (
            <option value={method}>{method}</option>
          ))}
        </select>
      </span>
      <span class="control">
        <label for="filter-direction">Direction</label>{' '}
        <select
          id="filter-direction"
          value={filter.direction}
          onChange={(e) => set({ direction: (e.target as HTMLSelectElement).value as WireFilter['direction'] })}
        >
          <option value="all">both</option>
          <option value="sent">sent</option>
          <option value="received">received</option>
        </select>
      </span>
      <button type="button" onClick={props.onExport}>
        Export JSON Lines
      </button>
    </form>
  );
}
