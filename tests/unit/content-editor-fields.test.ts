// @vitest-environment jsdom
/**
 * The content editor's field messages inside Decap's own `Widget` (the component that holds each
 * control in the form): the control's `isValid` is called detached from the control, and what it
 * returns is shown on the field by `Widget.validate` before any request.
 */
import { Component, createElement, type Ref } from 'react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { fromJS, List, Map as ImmutableMap } from 'immutable';
import { z } from 'astro/zod';
import { afterEach, describe, expect, it } from 'vitest';
import Widget from 'decap-cms-core/dist/esm/components/Editor/EditorControlPane/Widget';
import StringControl from 'decap-cms-widget-string/dist/esm/StringControl';
import { checkedControl, type ControlProps } from '~/features/content-editor/browser/decap/checked-control';
import { forgetRejection, rememberRejection } from '~/features/content-editor/browser/rejections';
import { text } from '~/lib/schema-primitives';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const rules: Record<string, z.ZodType> = { 'testimonials.author': text, 'resources.bullets': z.array(text).min(1, 'needs at least one bullet') };
const fieldRule = (id: string) => rules[id];

interface Shown {
  widget: { validate(): void } | null;
  errors: { type: string; message: string }[][];
}

const noop = () => undefined;
/** Props Decap's Widget requires and hands to the control; these controls never call them. */
const UNUSED_CALLBACKS = [
  'onOpenMediaLibrary',
  'onClearMediaControl',
  'onRemoveMediaControl',
  'onPersistMedia',
  'onAddAsset',
  'onRemoveInsertedMedia',
  'getAsset',
  'resolveWidget',
  'getEditorComponents',
  'query',
  'clearSearch',
  'clearFieldErrors',
  'loadEntry',
  'getEntry',
];
/** Mounts Decap's Widget around a control, with the props the editor gives it; what it validates lands in `errors`. */
async function mount(control: unknown, field: Record<string, unknown>, value: unknown): Promise<Shown & { rerender(value: unknown): Promise<void> }> {
  const shown: Shown = { widget: null, errors: [] };
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const render = (current: unknown) =>
    createElement(Widget as never, {
      ref: ((instance: Shown['widget']) => void (shown.widget = instance)) as Ref<unknown>,
      controlComponent: control,
      field: fromJS(field),
      value: current,
      uniqueFieldId: `${String(field.name)}-field-1`,
      parentIds: [],
      onValidate: (errors: Shown['errors'][number]) => shown.errors.push(errors),
      onChange: noop,
      t: (key: string, options: Record<string, string>) => `${key} ${JSON.stringify(options)}`,
      classNameWrapper: '',
      classNameWidget: '',
      classNameWidgetActive: '',
      classNameLabel: '',
      classNameLabelActive: '',
      setActiveStyle: noop,
      setInactiveStyle: noop,
      mediaPaths: ImmutableMap(),
      entry: ImmutableMap(),
      ...Object.fromEntries(UNUSED_CALLBACKS.map((name) => [name, noop])),
      widget: {},
      editorControl: noop,
    });
  await act(async () => root.render(render(value)));
  cleanups.push(() => act(() => root.unmount()));
  return {
    ...shown,
    get widget() {
      return shown.widget;
    },
    errors: shown.errors,
    rerender: (next) => act(async () => root.render(render(next))),
  };
}

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  forgetRejection();
});

describe("Decap's Widget and a control's isValid", () => {
  it('calls isValid detached from the control (this is the Widget), so a checked control binds its own', async () => {
    const seen: unknown[] = [];
    class Probe extends Component<ControlProps> {
      isValid() {
        seen.push(this);
        return true;
      }
      override render() {
        return null;
      }
    }
    const shown = await mount(Probe, { name: 'author', widget: 'string' }, 'Jasmine T.');
    shown.widget!.validate();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBe(shown.widget);
  });

  it('an emptied field is refused on the field with the build’s message, before any request', async () => {
    const shown = await mount(checkedControl(StringControl as never, fieldRule), { name: 'author', widget: 'string', rule: 'testimonials.author' }, '');
    shown.widget!.validate();
    expect(shown.errors.at(-1)).toContainEqual(expect.objectContaining({ type: 'CUSTOM', message: 'must not be empty' }));
    await shown.rerender('Jasmine T.');
    shown.widget!.validate();
    expect(shown.errors.at(-1)?.filter((error) => error.type === 'CUSTOM')).toEqual([]);
  });

  it('a list of bullets is checked as a whole: at least one', async () => {
    const shown = await mount(checkedControl(StringControl as never, fieldRule), { name: 'bullets', widget: 'list', rule: 'resources.bullets' }, List());
    shown.widget!.validate();
    expect(shown.errors.at(-1)).toContainEqual(expect.objectContaining({ message: 'needs at least one bullet' }));
  });

  it('a refused save’s problem shows on its field at once, until the value changes', async () => {
    const shown = await mount(checkedControl(StringControl as never, fieldRule), { name: 'featured', widget: 'string' }, 'yes');
    rememberRejection(
      [{ file: 'src/content/resources/a.json', field: 'featured', message: 'exactly one guide must be featured' }],
      [{ path: 'src/content/resources/a.json', raw: '{"featured":"yes"}\n' }],
    );
    expect(shown.errors.at(-1)).toContainEqual(expect.objectContaining({ message: 'exactly one guide must be featured' }));
    await shown.rerender('no');
    shown.widget!.validate();
    expect(shown.errors.at(-1)).toEqual([]);
  });
});
