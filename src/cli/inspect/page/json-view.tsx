/**
 * A JSON value as a tree of disclosures: objects and arrays are `<details>` (open to depth 2,
 * their children rendered only once opened), long strings are cut with a button to show all,
 * and long arrays come a page at a time. Keyboard and screen readers get the native controls.
 * @module
 */
import { useState } from 'preact/hooks';

/** Strings longer than this are cut. */
export const STRING_CUT = 1000;
/** Array items and object keys shown at a time. */
export const PAGE = 100;
/** Levels open at first. */
export const OPEN_DEPTH = 2;

export function JsonView({ value, label }: { value: unknown; label: string }) {
  return (
    <div class="json-view" role="group" aria-label={label}>
      <JsonNode value={value} depth={0} />
    </div>
  );
}

function JsonNode({ name, value, depth }: { name?: string; value: unknown; depth: number }) {
  if (typeof value === 'object' && value !== null) return <JsonBranch name={name} value={value} depth={depth} />;
  return (
    <div class="json-leaf">
      {name !== undefined && <span class="json-key">{name}: </span>}
      <JsonScalar value={value} />
    </div>
  );
}

function JsonBranch({ name, value, depth }: { name?: string; value: object; depth: number }) {
  const [open, setOpen] = useState(depth < OPEN_DEPTH);
  const [shown, setShown] = useState(PAGE);
  const list = Array.isArray(value);
  const entries: [string, unknown][] = list
    ? (value as unknown[]).map((item, i) => [String(i), item])
    : Object.entries(value);
  const count = `${entries.length} ${list ? (entries.length === 1 ? 'item' : 'items') : entries.length === 1 ? 'key' : 'keys'}`;
  const rest = entries.length - shown;
  return (
    <details open={open} onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>
        {name !== undefined && <span class="json-key">{name}: </span>}
        <span class="json-meta">
          {list ? '[' : '{'}
          {count}
          {list ? ']' : '}'}
        </span>
      </summary>
      {open && (
        <ul class="json-children">
          {entries.slice(0, shown).map(([key, item]) => (
            <li key={key}>
              <JsonNode name={key} value={item} depth={depth + 1} />
            </li>
          ))}
        </ul>
      )}
      {open && rest > 0 && (
        <button type="button" class="json-more" onClick={() => setShown(shown + PAGE)}>
          Show {Math.min(PAGE, rest)} more of {rest}
        </button>
      )}
    </details>
  );
}

function JsonScalar({ value }: { value: unknown }) {
  const [whole, setWhole] = useState(false);
  if (typeof value !== 'string')
    return <span class={`json-${value === null ? 'null' : typeof value}`}>{String(value)}</span>;
  const cut = !whole && value.length > STRING_CUT;
  return (
    <span class="json-string">
      {JSON.stringify(cut ? value.slice(0, STRING_CUT) : value)}
      {cut && (
        <>
          …{' '}
          <button type="button" class="json-more" onClick={() => setWhole(true)}>
            Show all {value.length} characters
          </button>
        </>
      )}
    </span>
  );
}
