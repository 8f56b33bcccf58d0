/**
 * Starts Decap CMS in the page's `#nc-root`, once per page load (Decap keeps one store and one
 * React root, and has no way to stop). Only the editor's page imports this module, and only with
 * `import()`: all of Decap's code is behind it.
 */
import CMS from 'decap-cms-app';
import type { CmsConfig } from 'decap-cms-core';
import { BACKEND_NAME, CONTENT_ENDPOINT, LIST_FORMAT, editorConfig, fieldRule } from '../editor-config';
import type { ContentProblem, StoreKind } from '../content-client';
import type { ContentEditorCopy } from '../../shared/schema';
import { siteBackend } from './backend';
import { type ControlProps, checkedControl } from './checked-control';
import { listFormat } from './formats';
import { type GuideGroupNames, guideGroupControl } from './GuideGroup';
import type { ComponentType } from 'react';

const LOCALE = 'en-site';
/** The widgets whose values are checked with the build's rules on the field. */
export const CHECKED_WIDGETS = ['string', 'text', 'number', 'boolean', 'select', 'image', 'file', 'list'] as const;
const GUIDE_GROUP_WIDGET = 'guide-group';
const GUIDES_FOLDER = 'src/content/resources';

interface Field {
  name: string;
  label?: string;
  widget?: string;
  field?: Field;
  fields?: Field[];
}
interface Collection {
  name: string;
  folder?: string;
  files?: { file: string; fields: Field[] }[];
  fields?: Field[];
  [setting: string]: unknown;
}

export interface StartOptions {
  copy: ContentEditorCopy;
  guideGroups: GuideGroupNames;
  /** Which store saves go to, as the endpoint said; decides what a save says. */
  store: StoreKind;
}

const flat = (fields: readonly Field[] = []): Field[] => fields.flatMap((field) => [field, ...flat(field.fields), ...(field.field ? flat([field.field]) : [])]);

/** A problem's field as the form labels it (`Featured`), else as the file names it (`featured`). */
export function fieldLabel(collections: readonly Collection[]) {
  return (problem: ContentProblem): string => {
    const collection = collections.find(({ folder, files }) => (folder && problem.file.startsWith(`${folder}/`)) || files?.some(({ file }) => file === problem.file));
    const fields = collection?.fields ?? collection?.files?.find(({ file }) => file === problem.file)?.fields ?? [];
    const name = problem.field
      .split(/[.[\]]/)
      .filter((part) => part && !/^\d+$/.test(part))
      .at(-1);
    return flat(fields).find((field) => field.name === name)?.label ?? problem.field;
  };
}

/** The guides' form shows the group a guide lands in, after its description. */
function withGuideGroup(collections: Collection[], label: string): Collection[] {
  return collections.map((collection) => {
    if (collection.folder !== GUIDES_FOLDER || !collection.fields) return collection;
    const fields = [...collection.fields];
    const at = fields.findIndex((field) => field.name === 'description');
    fields.splice(at < 0 ? fields.length : at + 1, 0, { name: 'landsIn', label, widget: GUIDE_GROUP_WIDGET });
    return { ...collection, fields };
  });
}

/** Decap's words where the site's are better: what a save says, and refusals without "API_ERROR:". */
function phrases(copy: ContentEditorCopy, store: StoreKind) {
  return {
    ui: {
      toast: {
        entrySaved: copy.saved[store],
        onFailToPersist: copy.toasts.notSaved,
        onFailToLoadEntries: copy.toasts.notLoaded,
        onFailToDelete: copy.toasts.notDeleted,
      },
    },
    // A checked field says what the build's rule says ("must not be empty"): Decap's own
    // "<field> is required." would only repeat it. An error with no words still stops the save.
    editor: { editorControlPane: { widget: { required: '' } } },
  };
}

let started = false;

export function startEditor({ copy, guideGroups, store }: StartOptions): void {
  if (started) return;
  started = true;
  const base = editorConfig();
  const collections = withGuideGroup(base.collections as Collection[], copy.guideGroup.label).map((collection) => ({ ...collection, editor: { preview: false } }));

  CMS.registerBackend(BACKEND_NAME, siteBackend({ copy, labelOf: fieldLabel(collections) }) as never);
  CMS.registerCustomFormat(LIST_FORMAT, 'json', listFormat as never);
  // The string form of registerWidget replaces a widget of the same name without a warning.
  for (const name of CHECKED_WIDGETS) {
    const widget = CMS.getWidget(name) as unknown as { control: ComponentType<ControlProps>; preview?: unknown; schema?: unknown };
    (CMS.registerWidget as (...args: unknown[]) => void)(name, checkedControl(widget.control, fieldRule), widget.preview, widget.schema);
  }
  CMS.registerWidget(GUIDE_GROUP_WIDGET, guideGroupControl(copy.guideGroup, guideGroups) as never);
  CMS.registerLocale(LOCALE, phrases(copy, store) as never);

  const config = {
    ...base,
    collections,
    backend: { name: BACKEND_NAME, proxy_url: CONTENT_ENDPOINT, branch: 'main' },
    load_config_file: false,
    locale: LOCALE,
    publish_mode: 'simple',
  };
  CMS.init({ config: config as unknown as CmsConfig });
}
