/**
 * Starts Decap CMS in the page's `#nc-root`, once per page load (Decap keeps one store and one
 * React root, and has no way to stop), with the signed-in role's form. Only the editor's page
 * imports this module, and only with `import()`: all of Decap's code is behind it.
 */
import CMS from 'decap-cms-app';
import type { CmsConfig } from 'decap-cms-core';
import { removeDraftEntryMediaFile } from 'decap-cms-core/dist/esm/actions/entries';
import { removeAsset } from 'decap-cms-core/dist/esm/actions/media';
import { closeMediaLibrary } from 'decap-cms-core/dist/esm/actions/mediaLibrary';
import { addNotification } from 'decap-cms-core/dist/esm/actions/notifications';
import { store } from 'decap-cms-core/dist/esm/redux';
import type { ComponentType } from 'react';
import { fill } from '~/features/admin/text';
import type { AppRole } from '../../../../../supabase/functions/_shared/roles.ts';
import { MAX_IMAGE_BYTES } from '../../shared/image-bytes';
import type { ContentEditorCopy } from '../../shared/schema';
import { BACKEND_NAME, CONTENT_ENDPOINT, LIST_FORMAT, editorConfig, fieldRule } from '../editor-config';
import { EntryNames } from '../entry-names';
import { type PlacedCollection, problemPlace } from '../problem-place';
import { siteBackend } from './backend';
import { type ControlProps, checkedControl } from './checked-control';
import { listFormat } from './formats';
import { type GuideGroupNames, guideGroupControl } from './GuideGroup';
import { ownerOnlyControl } from './OwnerOnly';
import { type DecapStore, refusePicturesWhenPicked } from './picked-pictures';

const LOCALE = 'en-site';
/** The widgets whose values are checked with the build's rules on the field. */
export const CHECKED_WIDGETS = ['string', 'text', 'number', 'boolean', 'select', 'image', 'file', 'datetime', 'list'] as const;
const GUIDE_GROUP_WIDGET = 'guide-group';
const OWNER_ONLY_WIDGET = 'owner-only';
const GUIDES_FOLDER = 'src/content/resources';
const GUIDE_GROUP_FIELD = 'group';

interface Field {
  name: string;
  label?: string;
  widget?: string;
  hint?: string;
  field?: Field;
  fields?: Field[];
  types?: { fields: Field[] }[];
}
interface Collection {
  name: string;
  label: string;
  folder?: string;
  files?: { file: string; label: string; fields: Field[] }[];
  fields?: Field[];
  [setting: string]: unknown;
}

export interface StartOptions {
  copy: ContentEditorCopy;
  guideGroups: GuideGroupNames;
  /** Which store saves go to, as the endpoint said; decides what a save says. */
  store: 'github' | 'working-tree';
  /** The signed-in role: the form of what only the site's owner may change is an admin's. */
  role: AppRole;
}

/** Each field, and each inside it, changed by `change`. */
function eachField(fields: readonly Field[], change: (field: Field) => Field): Field[] {
  return fields.map((field) => {
    const changed = change(field);
    return {
      ...changed,
      ...(changed.fields ? { fields: eachField(changed.fields, change) } : {}),
      ...(changed.field ? { field: eachField([changed.field], change)[0] } : {}),
      ...(changed.types ? { types: changed.types.map((type) => ({ ...type, fields: eachField(type.fields, change) })) } : {}),
    };
  });
}

function eachCollectionField(collections: Collection[], change: (field: Field, collection: Collection) => Field): Collection[] {
  return collections.map((collection) => ({
    ...collection,
    ...(collection.fields ? { fields: eachField(collection.fields, (field) => change(field, collection)) } : {}),
    ...(collection.files ? { files: collection.files.map((form) => ({ ...form, fields: eachField(form.fields, (field) => change(field, collection)) })) } : {}),
  }));
}

/** The site's words in Decap's form: the guides' group is chosen; every picture field says the pictures' rules. */
function withSiteFields(collections: Collection[], copy: ContentEditorCopy): Collection[] {
  const pictureRules = fill(copy.pictures.rules, { megabytes: MAX_IMAGE_BYTES / 1024 / 1024 });
  return eachCollectionField(collections, (field, collection) => {
    if (collection.folder === GUIDES_FOLDER && field.name === GUIDE_GROUP_FIELD) return { ...field, widget: GUIDE_GROUP_WIDGET };
    if (field.widget === 'image') return { ...field, hint: [field.hint, pictureRules].filter(Boolean).join(' ') };
    return field;
  });
}

/** Decap's words where the site's are better: what a save says, and refusals without "API_ERROR:". */
function phrases(copy: ContentEditorCopy, store: StartOptions['store']) {
  return {
    editor: {
      // A checked field says what the build's rule says ("must not be empty"): Decap's own
      // "<field> is required." would only repeat it. An error with no words still stops the save.
      editorControlPane: { widget: { required: '' } },
      editorToolbar: { deployButtonLabel: copy.viewOnSite },
    },
    ui: {
      toast: {
        entrySaved: copy.saved[store],
        onFailToPersist: copy.toasts.notSaved,
        onFailToLoadEntries: copy.toasts.notLoaded,
        onFailToDelete: copy.toasts.notDeleted,
      },
    },
  };
}

let started = false;

export function startEditor({ copy, guideGroups, store: saves, role }: StartOptions): void {
  if (started) return;
  started = true;
  const base = editorConfig(role);
  const collections = withSiteFields(base.collections as Collection[], copy).map((collection) => ({ ...collection, editor: { preview: false } }));
  const names = new EntryNames();
  const placeOf = (sent: readonly string[]) => problemPlace({ collections: collections as PlacedCollection[], words: copy.problems, entryName: names.nameOf }, sent);

  CMS.registerBackend(BACKEND_NAME, siteBackend({ copy, placeOf, names }) as never);
  CMS.registerCustomFormat(LIST_FORMAT, 'json', listFormat as never);
  // The string form of registerWidget replaces a widget of the same name without a warning.
  for (const name of CHECKED_WIDGETS) {
    const widget = CMS.getWidget(name) as unknown as { control: ComponentType<ControlProps>; preview?: unknown; schema?: unknown };
    (CMS.registerWidget as (...args: unknown[]) => void)(name, checkedControl(widget.control, fieldRule), widget.preview, widget.schema);
  }
  CMS.registerWidget(GUIDE_GROUP_WIDGET, guideGroupControl(copy.guideGroup, guideGroups) as never);
  CMS.registerWidget(OWNER_ONLY_WIDGET, ownerOnlyControl(copy.ownerOnly) as never);
  CMS.registerLocale(LOCALE, phrases(copy, saves) as never);
  refusePicturesWhenPicked(store as unknown as DecapStore, { removeDraftEntryMediaFile, removeAsset, closeMediaLibrary, addNotification }, copy.pictures);

  const config = {
    ...base,
    collections,
    backend: { name: BACKEND_NAME, proxy_url: CONTENT_ENDPOINT, branch: 'main' },
    load_config_file: false,
    locale: LOCALE,
    publish_mode: 'simple',
    // A saved entry's toolbar links to its page on this site (Decap's "View Live"; `preview_path` says which).
    site_url: window.location.origin,
  };
  CMS.init({ config: config as unknown as CmsConfig });
}
