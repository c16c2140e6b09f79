/**
 * Tabs as the WAI-ARIA pattern has them: a `tablist` of `tab` buttons (arrow keys, Home and
 * End move between them; only the selected one is in the tab order) and a `tabpanel` each,
 * labelled by its tab. A panel is rendered once its tab is first chosen and kept (hidden) while
 * another is shown, so what it holds (a tool's result, a subscription) outlives a look elsewhere.
 * @module
 */
import type { ComponentChildren } from 'preact';
import { useRef } from 'preact/hooks';

export interface Tab {
  id: string;
  label: string;
}

export function Tabs(props: {
  label: string;
  tabs: Tab[];
  selected: string;
  onSelect: (id: string) => void;
  /** A tab's panel. */
  panel: (id: string) => ComponentChildren;
}) {
  const list = useRef<HTMLDivElement>(null);
  // The tabs chosen so far: their panels stay.
  const visited = useRef(new Set<string>());
  const index = Math.max(
    0,
    props.tabs.findIndex((t) => t.id === props.selected),
  );
  const move = (to: number) => {
    const tab = props.tabs[(to + props.tabs.length) % props.tabs.length]!;
    props.onSelect(tab.id);
    list.current?.querySelector<HTMLButtonElement>(`#tab-${tab.id}`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const keys: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: props.tabs.length - 1,
    };
    const to = keys[event.key];
    if (to === undefined) return;
    event.preventDefault();
    move(to);
  };
  const current = props.tabs[index]!;
  visited.current.add(current.id);
  return (
    <div class="tabs">
      <div role="tablist" aria-label={props.label} ref={list} onKeyDown={onKeyDown}>
        {props.tabs.map((tab) => (
          <button
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={tab.id === current.id}
            aria-controls={`panel-${tab.id}`}
            tabIndex={tab.id === current.id ? 0 : -1}
            onClick={() => props.onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {props.tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`panel-${tab.id}`}
          aria-labelledby={`tab-${tab.id}`}
          tabIndex={0}
          hidden={tab.id !== current.id}
        >
          {visited.current.has(tab.id) && props.panel(tab.id)}
        </div>
      ))}
    </div>
  );
}
