/**
 * A WAI-ARIA tablist with automatic activation: arrow keys move between tabs (wrapping),
 * Home/End jump to the ends, only the selected tab is in the tab order. Every panel stays
 * mounted (hidden when not selected), so work in one tab — an upload — survives a switch.
 */
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export interface TabItem<K extends string> {
  id: K;
  label: ReactNode;
  panel: ReactNode;
}

interface Props<K extends string> {
  label: string;
  items: readonly TabItem<K>[];
  selected: K;
  onSelect: (id: K) => void;
  /** Visual size: the page-level tabs are larger than the nested ones. */
  variant?: 'primary' | 'secondary';
}

export default function Tabs<K extends string>({ label, items, selected, onSelect, variant = 'primary' }: Props<K>) {
  const base = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = items.findIndex((item) => item.id === selected);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: items.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = items[(moves[event.key]! + items.length) % items.length]!;
    onSelect(next.id);
    refs.current.get(next.id)?.focus();
  }

  // One row of primary tabs, on a phone too (labels may wrap to two lines there).
  const list =
    variant === 'primary'
      ? `grid ${items.length === 3 ? 'grid-cols-3' : 'grid-cols-2'} gap-1 rounded-full bg-sand p-1 sm:inline-grid`
      : 'grid grid-cols-2 gap-1 rounded-xl border border-line bg-white p-1 sm:flex sm:flex-wrap';
  const tab = (active: boolean) =>
    [
      'min-h-11 text-sm font-semibold transition-colors motion-reduce:transition-none',
      variant === 'primary' ? 'rounded-full px-2 leading-tight sm:px-4' : 'rounded-lg px-4',
      active ? 'bg-ink text-white shadow-sm' : 'text-ink-soft hover:bg-sand-light hover:text-ink',
    ].join(' ');

  return (
    <div>
      <div role="tablist" aria-label={label} className={list}>
        {items.map((item) => {
          const active = item.id === selected;
          return (
            <button
              key={item.id}
              ref={(node) => {
                if (node) refs.current.set(item.id, node);
                else refs.current.delete(item.id);
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${item.id}`}
              aria-selected={active}
              aria-controls={`${base}-panel-${item.id}`}
              tabIndex={active ? 0 : -1}
              className={tab(active)}
              onClick={() => onSelect(item.id)}
              onKeyDown={onKeyDown}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={`${base}-panel-${item.id}`}
          aria-labelledby={`${base}-tab-${item.id}`}
          hidden={item.id !== selected}
          tabIndex={0}
          className="mt-6 rounded-xl focus-visible:outline-offset-4"
        >
          {item.panel}
        </div>
      ))}
    </div>
  );
}
