/**
 * The Location ID with Use Location ID, and what the server told of its own: while the field holds
 * the server's GHL_LOCATION_ID it says so; when the list would go without one and the server has
 * none, it explains that and where to find one in GoHighLevel, before anything runs.
 */
import { type RefObject, useId } from 'react';
import { type DebugConfig, type ServerLocation, locationMissing, locationSource } from '~/features/admin/calendar/calendar-debugger';
import { fieldClass, labelClass } from '../assets/styles';
import type { CalendarDebuggerCopy } from './schema';

interface Props {
  copy: CalendarDebuggerCopy;
  config: Pick<DebugConfig, 'locationId' | 'useLocationId'>;
  server: ServerLocation;
  update: (patch: Partial<DebugConfig>) => void;
  inputRef: RefObject<HTMLInputElement | null>;
}

export default function LocationField({ copy, config, server, update, inputRef }: Props) {
  const id = useId();
  const missing = locationMissing(config, server);
  const source = locationSource(config, server);
  const note = `${id}-note`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {copy.locationId}
      </label>
      <input
        ref={inputRef}
        id={id}
        className={fieldClass}
        value={config.locationId}
        disabled={!config.useLocationId}
        onChange={(e) => update({ locationId: e.target.value })}
        autoComplete="off"
        aria-describedby={missing || source ? note : undefined}
      />
      {missing && (
        <p id={note} className="mt-2 rounded-lg bg-destructive-soft p-3 text-sm text-destructive" data-testid="location-missing">
          <span className="block font-semibold">{copy.locationMissing}</span> <span className="mt-1 block">{copy.hints.noLocation}</span>
        </p>
      )}
      {source && (
        <p id={note} className="mt-1 text-sm text-ink-muted">
          {copy.locationSource[source]}
        </p>
      )}
      <label className="mt-2 flex min-h-11 items-center gap-2 text-sm font-semibold">
        <input type="checkbox" className="h-5 w-5 accent-brand-strong" checked={config.useLocationId} onChange={(e) => update({ useLocationId: e.target.checked })} />
        {copy.useLocationId}
      </label>
    </div>
  );
}
