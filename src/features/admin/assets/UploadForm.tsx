/**
 * Upload New: the fields of the naming convention, a live file-name preview, and the upload
 * (standard under 50 MB, resumable from 50 MB) into the bucket's uploads/ folder, with a progress
 * bar. Success resets the form.
 */
import { type SyntheticEvent, useId, useRef, useState } from 'react';
import { showToast } from '~/features/toasts/show-toast';
import { ASSET_CATEGORIES, buildFilename, parseTags, subcategoriesOf } from '~/features/admin/assets/assets';
import { fill } from '~/features/admin/text';
import { uploadObjectPath } from '~/features/admin/assets/storage-paths';
import { uploadAsset } from '~/features/admin/assets/upload';
import { getSupabase } from '~/lib/supabase';
import type { AssetsCopy } from './schema';
import ProgressBar from './ProgressBar';
import { fieldClass, hintClass, labelClass } from './styles';

interface Fields {
  category: string;
  subcategory: string;
  person: string;
  descriptor: string;
  number: string;
  tags: string;
}

type Phase = { kind: 'idle' } | { kind: 'uploading'; percent: number; resumed: boolean };

export default function UploadForm({ copy, bucket, onUploaded }: { copy: AssetsCopy; bucket: string; onUploaded: (path: string) => void }) {
  const text = copy.upload;
  const initial: Fields = { category: '', subcategory: '', person: copy.defaultPerson, descriptor: '', number: '1', tags: '' };
  const [fields, setFields] = useState<Fields>(initial);
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const busy = phase.kind === 'uploading';

  const filename = buildFilename(fields, file?.name, copy.defaultPerson);
  const set = (key: keyof Fields) => (event: { target: { value: string } }) => setFields((current) => ({ ...current, [key]: event.target.value }));

  function reset() {
    setFields(initial);
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
  }

  async function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!filename || !file) {
      showToast({ kind: 'error', title: text.missing, description: text.missingText });
      return;
    }
    const tags = parseTags(fields.tags);
    setPhase({ kind: 'uploading', percent: 0, resumed: false });
    try {
      const path = uploadObjectPath(filename);
      const result = await uploadAsset(getSupabase(), bucket, path, file, {
        onProgress: (percent) => setPhase((current) => (current.kind === 'uploading' ? { ...current, percent } : current)),
        onResume: () => setPhase((current) => (current.kind === 'uploading' ? { ...current, resumed: true } : current)),
        onResumableUnavailable: () => showToast({ kind: 'error', title: text.resumableUnavailable, description: text.resumableUnavailableText }),
      });
      if (result.kind === 'done') {
        if (tags.length) console.info(`Uploaded ${filename} with tags: ${tags.join(', ')}`);
        showToast({ kind: 'success', title: text.success, description: fill(text.successText, { name: path }) });
        reset();
        onUploaded(path);
      } else if (result.kind === 'failed') {
        console.error('Upload failed:', result.message);
        showToast({ kind: 'error', title: text.failed, description: text.failedText });
      } else if (result.kind === 'error') {
        console.error('Upload error:', result.message);
        showToast({ kind: 'error', title: text.error, description: text.errorText });
      }
    } catch (failure) {
      console.error('Upload error:', failure);
      showToast({ kind: 'error', title: text.error, description: text.errorText });
    } finally {
      setPhase({ kind: 'idle' });
    }
  }

  const required = <span className="font-normal text-ink-muted"> ({text.required})</span>;
  const subcategories = subcategoriesOf(fields.category);

  return (
    <form onSubmit={submit} noValidate className="rounded-xl border border-line bg-white p-4 sm:p-6" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="text-xl font-bold">
        {text.heading}
      </h3>
      <p className="mt-1 text-sm text-ink-muted">{text.lead}</p>
      <fieldset disabled={busy} className="mt-6 grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-category`} className={labelClass}>
            {text.category}
            {required}
          </label>
          <select
            id={`${id}-category`}
            className={fieldClass}
            value={fields.category}
            aria-required="true"
            onChange={(event) => setFields((current) => ({ ...current, category: event.target.value, subcategory: '' }))}
          >
            <option value="">{text.chooseCategory}</option>
            {ASSET_CATEGORIES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-subcategory`} className={labelClass}>
            {text.subcategory}
            {required}
          </label>
          <select
            id={`${id}-subcategory`}
            className={fieldClass}
            value={fields.subcategory}
            aria-required="true"
            disabled={!fields.category}
            onChange={set('subcategory')}
          >
            <option value="">{text.chooseSubcategory}</option>
            {subcategories.map((sub) => (
              <option key={sub} value={sub}>
                {sub}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-person`} className={labelClass}>
            {text.person}
          </label>
          <input id={`${id}-person`} className={fieldClass} value={fields.person} onChange={set('person')} autoComplete="off" />
        </div>
        <div>
          <label htmlFor={`${id}-descriptor`} className={labelClass}>
            {text.descriptor}
            {required}
          </label>
          <input
            id={`${id}-descriptor`}
            className={fieldClass}
            value={fields.descriptor}
            aria-required="true"
            placeholder={text.descriptorPlaceholder}
            onChange={set('descriptor')}
            autoComplete="off"
          />
        </div>
        <div>
          <label htmlFor={`${id}-number`} className={labelClass}>
            {text.number}
          </label>
          <input id={`${id}-number`} className={fieldClass} inputMode="numeric" value={fields.number} onChange={set('number')} autoComplete="off" />
        </div>
        <div>
          <label htmlFor={`${id}-tags`} className={labelClass}>
            {text.tags}
          </label>
          <input id={`${id}-tags`} className={fieldClass} value={fields.tags} aria-describedby={`${id}-tags-hint`} onChange={set('tags')} autoComplete="off" />
          <p id={`${id}-tags-hint`} className={hintClass}>
            {text.tagsHint}
          </p>
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-file`} className={labelClass}>
            {text.file}
            {required}
          </label>
          <input
            ref={fileInput}
            id={`${id}-file`}
            type="file"
            accept="image/*,video/*"
            aria-required="true"
            aria-describedby={`${id}-file-hint`}
            className="mt-1 block w-full rounded-lg border border-ink-muted bg-white p-2 text-sm file:mr-3 file:min-h-10 file:rounded-full file:border-0 file:bg-sand file:px-4 file:font-semibold file:text-ink"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
          <p id={`${id}-file-hint`} className={hintClass}>
            {text.fileHint}
          </p>
        </div>
      </fieldset>

      <div className="mt-6 rounded-lg bg-sand-light p-3">
        <p className="text-sm font-semibold text-ink-soft" id={`${id}-preview-label`}>
          {text.preview}
        </p>
        <output className="mt-1 block break-all font-mono text-sm" aria-labelledby={`${id}-preview-label`} data-testid="filename-preview">
          {filename ?? text.previewMissing}
        </output>
      </div>

      {phase.kind === 'uploading' && (
        <div className="mt-6">
          <ProgressBar label={text.progressLabel} percent={phase.percent} />
          {phase.resumed && (
            <p className="mt-2 text-sm text-ink-soft" role="status">
              {text.resumed}
            </p>
          )}
        </div>
      )}

      <button type="submit" className="btn btn-strong mt-6 w-full sm:w-auto" disabled={busy}>
        {busy ? text.uploading : text.submit}
      </button>
    </form>
  );
}
