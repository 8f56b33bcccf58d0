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
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Widget from 'decap-cms-core/dist/esm/components/Editor/EditorControlPane/Widget';
import StringControl from 'decap-cms-widget-string/dist/esm/StringControl';
import { checkedControl, type ControlProps } from '~/features/content-editor/browser/decap/checked-control';
import { guideGroupControl } from '~/features/content-editor/browser/decap/GuideGroup';
import { ownerOnlyControl } from '~/features/content-editor/browser/decap/OwnerOnly';
import { type DecapStore, refusePicturesWhenPicked } from '~/features/content-editor/browser/decap/picked-pictures';
import { fieldMessage } from '~/features/content-editor/browser/field-check';
import { refusedPictureProblem } from '~/features/content-editor/browser/refused-pictures';
import { forgetRejection, rememberRejection } from '~/features/content-editor/browser/rejections';
import { fill } from '~/features/admin/text';
import { settingsSchema } from '~/lib/settings-schema';
import { text } from '~/lib/schema-primitives';
import adminPage from '../../src/content/pages/admin.json';
import guides from '../../src/content/pages/guides.json';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const rules: Record<string, z.ZodType> = {
  'testimonials.author': text,
  'resources.bullets': z.array(text).min(1, 'needs at least one bullet'),
  'settings.metaPixelId': settingsSchema.shape.metaPixelId,
};
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
async function mount(
  control: unknown,
  field: Record<string, unknown>,
  value: unknown,
  { onChange = noop as (value: unknown) => void, entry = ImmutableMap() as unknown } = {},
): Promise<Shown & { host: HTMLElement; rerender(value: unknown, more?: Record<string, unknown>): Promise<void> }> {
  const shown: Shown = { widget: null, errors: [] };
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const render = (current: unknown, more: Record<string, unknown> = {}) =>
    createElement(Widget as never, {
      ref: ((instance: Shown['widget']) => void (shown.widget = instance)) as Ref<unknown>,
      controlComponent: control,
      field: fromJS(field),
      value: current,
      uniqueFieldId: `${String(field.name)}-field-1`,
      parentIds: [],
      onValidate: (errors: Shown['errors'][number]) => shown.errors.push(errors),
      onChange,
      t: (key: string, options: Record<string, string>) => `${key} ${JSON.stringify(options)}`,
      classNameWrapper: '',
      classNameWidget: '',
      classNameWidgetActive: '',
      classNameLabel: '',
      classNameLabelActive: '',
      setActiveStyle: noop,
      setInactiveStyle: noop,
      mediaPaths: ImmutableMap(),
      entry,
      ...Object.fromEntries(UNUSED_CALLBACKS.map((name) => [name, noop])),
      widget: {},
      editorControl: noop,
      ...more,
    });
  await act(async () => root.render(render(value)));
  cleanups.push(() => act(() => root.unmount()));
  return {
    ...shown,
    host,
    get widget() {
      return shown.widget;
    },
    errors: shown.errors,
    rerender: (next, more) => act(async () => root.render(render(next, more))),
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
      [{ file: 'src/content/resources/a.json', line: 1, column: 1, field: 'featured', message: 'exactly one guide must be featured' }],
      [{ path: 'src/content/resources/a.json', raw: '{"featured":"yes"}\n' }],
    );
    expect(shown.errors.at(-1)).toContainEqual(expect.objectContaining({ message: 'exactly one guide must be featured' }));
    await shown.rerender('no');
    shown.widget!.validate();
    expect(shown.errors.at(-1)).toEqual([]);
  });
});

describe('a field is checked as she leaves it, and as she types while it shows a message', () => {
  const pixel = () =>
    mount(checkedControl(StringControl as never, fieldRule), { name: 'metaPixelId', widget: 'string', required: false, rule: 'settings.metaPixelId' }, 'abc');

  it('leaving the field shows the build’s message without a save', async () => {
    const shown = await pixel();
    expect(shown.errors).toEqual([]);
    const input = shown.host.querySelector('input')!;
    await act(async () => {
      input.focus();
      input.blur();
    });
    expect(shown.errors.at(-1)).toContainEqual(expect.objectContaining({ message: 'must be the numeric pixel id, or empty to turn the pixel off' }));
  });

  it('typing while the message shows checks again: the right value clears it; without a message, typing does not check', async () => {
    const shown = await pixel();
    await shown.rerender('12');
    expect(shown.errors, 'no message yet: typing alone does not check').toEqual([]);
    const id = 'metaPixelId-field-1';
    await shown.rerender('123', { fieldsErrors: ImmutableMap({ [id]: [{ type: 'CUSTOM', message: 'must be the numeric pixel id, or empty to turn the pixel off' }] }) });
    expect(shown.errors.at(-1)).toContainEqual(expect.objectContaining({ type: 'CUSTOM' }));
    await shown.rerender('1234567890', { fieldsErrors: ImmutableMap({ [id]: [{ type: 'CUSTOM', message: '…' }] }) });
    expect(shown.errors.at(-1)).toEqual([]);
  });
});

describe('a blank field is checked as the form writes it', () => {
  it('an empty pixel id is the pixel turned off; an emptied optional text is left out; an emptied required text is refused', () => {
    expect(fieldMessage(rules['settings.metaPixelId']!, '', { hasSubfields: false })).toBeNull();
    expect(fieldMessage(text.optional(), '', { hasSubfields: false })).toBeNull();
    expect(fieldMessage(text, '', { hasSubfields: false })).toBe('must not be empty');
    expect(fieldMessage(rules['settings.metaPixelId']!, undefined, { hasSubfields: false }), 'absent: the build refuses it').not.toBeNull();
  });
});

describe('a field only the site’s owner may change, in an editor’s form', () => {
  const words = adminPage.contentEditor.ownerOnly;
  const parts = [
    { name: 'leadFormHost', label: 'Lead form host' },
    { name: 'formEmbedScript', label: 'Form embed script' },
  ];

  it('shows the value read-only with the words that say why, and keeps it as it is', async () => {
    const changes: unknown[] = [];
    const value = fromJS({ leadFormHost: 'https://api.example.com', formEmbedScript: 'https://link.example.com/js/form_embed.js' });
    const shown = await mount(ownerOnlyControl(words), { name: 'embeds', label: 'Embeds', widget: 'owner-only', parts }, value, {
      onChange: (next) => changes.push(next),
    });
    expect(shown.host.textContent).toContain(words.note);
    const inputs = [...shown.host.querySelectorAll('input')];
    expect(inputs.map((input) => [input.readOnly, input.value, shown.host.querySelector(`label[for="${input.id}"]`)?.textContent])).toEqual([
      [true, 'https://api.example.com', 'Lead form host'],
      [true, 'https://link.example.com/js/form_embed.js', 'Form embed script'],
    ]);
    shown.widget!.validate();
    expect(shown.errors.at(-1)).toEqual([]);
    expect(changes).toEqual([]);
  });

  it('an empty value (the pixel off) is said, not refused', async () => {
    const shown = await mount(ownerOnlyControl(words), { name: 'metaPixelId', widget: 'owner-only' }, '');
    expect(shown.host.querySelector('input')!.value).toBe(words.empty);
    shown.widget!.validate();
    expect(shown.errors.at(-1)).toEqual([]);
  });
});

describe('a guide’s group on /guides', () => {
  const names = { groupHeading: guides.freeResources.groupHeading, filters: guides.freeResources.filters };
  const strength = fill(names.groupHeading, { label: names.filters.strength });

  it('Automatic says the group the rules give and why, and leaves the group out; a chosen group is written', async () => {
    const changes: unknown[] = [];
    const entry = fromJS({ data: { title: 'Elite Bench Program', tag: 'Program', description: 'Press more.', featured: false } });
    const Group = guideGroupControl(adminPage.contentEditor.guideGroup, names);
    const shown = await mount(Group, { name: 'group', label: 'Group on /guides', widget: 'guide-group', required: false }, undefined, {
      onChange: (next) => changes.push(next),
      entry,
    });
    const select = shown.host.querySelector('select')!;
    expect(select.value).toBe('');
    expect([...select.options].map((option) => option.text)).toEqual([
      adminPage.contentEditor.guideGroup.automatic,
      ...(['military', 'strength', 'muscle-building', 'nutrition'] as const).map((category) => fill(names.groupHeading, { label: names.filters[category] })),
    ]);
    expect(shown.host.querySelector('output')!.textContent).toContain(fill(adminPage.contentEditor.guideGroup.landsIn, { group: strength }));
    expect(shown.host.querySelector('output')!.textContent).toContain('“Bench”');
    await act(async () => {
      select.value = 'nutrition';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await shown.rerender('nutrition');
    expect(shown.host.querySelector('output')!.textContent).toContain(
      fill(adminPage.contentEditor.guideGroup.chosen, { group: fill(names.groupHeading, { label: names.filters.nutrition }) }),
    );
    await act(async () => {
      select.value = '';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(changes).toEqual(['nutrition', undefined]);
  });
});

/**
 * Decap's store as far as the check reads and acts on it: the open entry's picked files (Immutable,
 * as Decap keeps them) and what is dispatched. Decap's own store cannot be imported here (its
 * modules import each other in a ring vitest's loader waits on for ever); the dev server's
 * end-to-end tests pick pictures in the real editor (tests/e2e-dev/content-editor.spec.ts).
 */
function draftStore() {
  let state = { entryDraft: fromJS({ entry: { mediaFiles: [] } }) as ImmutableMap<string, unknown> };
  const listeners = new Set<() => void>();
  const dispatched: { type: string; [key: string]: unknown }[] = [];
  return {
    dispatched,
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch(action: { type: string; [key: string]: unknown }) {
      dispatched.push(action);
      const files = state.entryDraft.getIn(['entry', 'mediaFiles']) as List<ImmutableMap<string, unknown>>;
      if (action.type === 'add') state = { entryDraft: state.entryDraft.setIn(['entry', 'mediaFiles'], files.insert(0, ImmutableMap(action.file as object))) };
      if (action.type === 'remove')
        state = {
          entryDraft: state.entryDraft.setIn(
            ['entry', 'mediaFiles'],
            files.filterNot((file) => file.get('id') === action.id),
          ),
        };
      for (const listener of listeners) listener();
    },
  };
}

describe('a picture picked in the media library', () => {
  it('is taken out of the entry at once when the rules refuse it, with a toast in the rules’ words; a good one stays', async () => {
    const words = adminPage.contentEditor.pictures;
    const store = draftStore();
    const stop = refusePicturesWhenPicked(
      store as unknown as DecapStore,
      {
        removeDraftEntryMediaFile: ({ id }) => ({ type: 'remove', id }),
        removeAsset: (path) => ({ type: 'remove-asset', path }),
        closeMediaLibrary: () => ({ type: 'close-library' }),
        addNotification: (notification) => ({ type: 'toast', notification }),
      },
      words,
    );
    cleanups.push(stop);
    const folder = 'src/content/images/resources';
    const big = new Uint8Array(17 * 1024 * 1024);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const picked = [
      { id: 'sha-big', path: `${folder}/big-photo.jpg`, file: new File([big], 'big-photo.jpg') },
      { id: 'sha-text', path: `${folder}/notes.jpg`, file: new File(['a shopping list'], 'notes.jpg') },
      { id: 'sha-good', path: `${folder}/cover.jpg`, file: new File([readFileSync('src/content/images/resources/glute-program.jpg')], 'cover.jpg') },
    ];
    for (const { id, path, file } of picked) store.dispatch({ type: 'add', file: { id, path, file, draft: true } });
    await vi.waitFor(() => {
      const files = store.getState().entryDraft.getIn(['entry', 'mediaFiles']) as List<ImmutableMap<string, unknown>>;
      expect(files.map((file) => file.get('id')).toArray()).toEqual(['sha-good']);
      const toasts = store.dispatched.filter(({ type }) => type === 'toast').map(({ notification }) => notification);
      expect(toasts).toHaveLength(2);
      expect(toasts).toEqual(
        expect.arrayContaining([
          {
            type: 'error',
            dismissAfter: 12_000,
            message: fill(words.refused, { problem: 'notes.jpg is not a picture the site can show: pick a JPEG, PNG, WebP or AVIF picture of 10 MB at most' }),
          },
          {
            type: 'error',
            dismissAfter: 12_000,
            message: fill(words.refused, { problem: 'big-photo.jpg is 17.0 MB: a picture may be 10 MB at most. Save it smaller, then pick it again' }),
          },
        ]),
      );
    });
    expect(
      store.dispatched.filter(({ type }) => type === 'close-library'),
      'its window would hide the toast',
    ).toHaveLength(2);
    expect(store.dispatched.filter(({ type }) => type === 'remove-asset').map(({ path }) => path)).toEqual(
      expect.arrayContaining([`${folder}/big-photo.jpg`, `${folder}/notes.jpg`]),
    );
    // Should the library still insert a refused one (it keeps it selected), its field says why.
    expect(refusedPictureProblem('../images/resources/notes.jpg')).toBe(
      'notes.jpg is not a picture the site can show: pick a JPEG, PNG, WebP or AVIF picture of 10 MB at most',
    );
    expect(refusedPictureProblem('../images/resources/cover.jpg')).toBeNull();
  });
});
