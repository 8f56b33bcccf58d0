/**
 * The open entry's top-level fields as the form holds them, while they are edited: Decap gives a
 * widget its own value only, and the guide's group (decap/GuideGroup.tsx) follows three others.
 * The checked controls (decap/checked-control.tsx) report them.
 */
const values = new Map<string, unknown>();
const listeners = new Set<() => void>();

export function reportField(name: string, value: unknown): void {
  if (values.has(name) && Object.is(values.get(name), value)) return;
  values.set(name, value);
  for (const listener of listeners) listener();
}

export function fieldValue(name: string): unknown {
  return values.get(name);
}

export function onFieldChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
