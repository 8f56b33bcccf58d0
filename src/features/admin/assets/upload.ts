/**
 * Uploads to the storage bucket (docs/product.md §7, Storage): files under 50 MB in
 * one request through supabase-js; larger files through tus-js-client in 6 MiB chunks, resumable
 * after a dropped connection or a reload. tus-js-client is loaded only when such an upload starts.
 *
 * By default an upload never overwrites (cache control 3600); replacing the site's media asks for
 * an upsert with its own cache control (`UploadOptions`). Storage keeps serving the object being
 * replaced until the new bytes are complete, also when the upload fails or is cancelled.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { supabaseAnonKey, supabaseUrl } from '~/lib/env';
import { needsResumable } from './assets';
import { uploadSizes } from './upload-sizes';

export const RETRY_DELAYS = [0, 3000, 5000, 10000, 20000];
export const CACHE_CONTROL = '3600';
export const RESUMABLE_PATH = '/storage/v1/upload/resumable';

export type UploadResult =
  /** Stored under `path`. */
  | { kind: 'done'; path: string; resumed: boolean }
  /** The backend refused (RLS, duplicate, size...): the 'Upload Failed' notice. */
  | { kind: 'failed'; message: string }
  /** Stopped through `UploadOptions.signal`; the resumable upload was terminated on the server. */
  | { kind: 'cancelled' }
  /** Something unexpected threw: the 'Upload Error' notice. */
  | { kind: 'error'; message: string };

export interface UploadCallbacks {
  /** Percent 0–100 as bytes are accepted by the server. */
  onProgress?: (percent: number) => void;
  /** The resumable upload continues a previous upload of the same file. */
  onResume?: () => void;
  /** tus-js-client could not be used: the upload falls back to the standard one. */
  onResumableUnavailable?: () => void;
}

export interface UploadOptions {
  /** Replace an object at the path (storage's `x-upsert`); refused as a duplicate otherwise. */
  upsert?: boolean;
  /** Seconds browsers and the CDN may cache the stored file (Cache-Control max-age). */
  cacheControl?: string;
  /** Stored content type; the file's own type when missing. */
  contentType?: string;
  /** Aborts a resumable upload (a standard one runs to its end). */
  signal?: AbortSignal;
}

const DEFAULTS = { upsert: false, cacheControl: CACHE_CONTROL } as const;

/**
 * tus-js-client's key for resuming an upload, with the destination in it: the same file sent to
 * another path (a replacement of the hero, then an upload of the same clip) is another upload.
 */
export function uploadFingerprint(file: Pick<File, 'name' | 'type' | 'size' | 'lastModified'>, bucket: string, path: string, endpoint: string): string {
  return ['tus-br', file.name, file.type, file.size, file.lastModified, endpoint, bucket, path].join('-');
}

/** Logs progress at every 10 % step (docs/product.md §9), once each. */
export function progressLogger(name: string, log: (line: string) => void = console.info): (percent: number) => void {
  let logged = -1;
  return (percent) => {
    const step = Math.floor(percent / 10) * 10;
    if (step > logged) {
      logged = step;
      log(`Upload ${name}: ${step}%`);
    }
  };
}

export async function uploadStandard(client: SupabaseClient, bucket: string, path: string, file: File, options: UploadOptions = {}): Promise<UploadResult> {
  const { upsert, cacheControl } = { ...DEFAULTS, ...options };
  try {
    const { error } = await client.storage.from(bucket).upload(path, file, {
      cacheControl,
      upsert,
      ...(options.contentType ? { contentType: options.contentType } : {}),
    });
    if (error) return { kind: 'failed', message: error.message };
    return { kind: 'done', path, resumed: false };
  } catch (failure) {
    return { kind: 'error', message: failure instanceof Error ? failure.message : String(failure) };
  }
}

async function accessToken(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  return data.session?.access_token ?? supabaseAnonKey;
}

export async function uploadResumable(
  client: SupabaseClient,
  bucket: string,
  path: string,
  file: File,
  callbacks: UploadCallbacks = {},
  chunkSize = uploadSizes().chunkSize,
  options: UploadOptions = {},
): Promise<UploadResult | 'unavailable'> {
  const { upsert, cacheControl } = { ...DEFAULTS, ...options };
  let tus: typeof import('tus-js-client');
  try {
    tus = await import('tus-js-client');
  } catch (failure) {
    console.error('tus-js-client could not be loaded:', failure);
    return 'unavailable';
  }
  if (!tus.isSupported) return 'unavailable';
  const endpoint = `${supabaseUrl.replace(/\/+$/, '')}${RESUMABLE_PATH}`;
  return new Promise<UploadResult>((resolve) => {
    let resumed = false;
    let settled = false;
    const settle = (result: UploadResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const upload = new tus.Upload(file, {
      endpoint,
      retryDelays: RETRY_DELAYS,
      chunkSize,
      uploadDataDuringCreation: true,
      removeFingerprintOnSuccess: true,
      fingerprint: async (input) => uploadFingerprint(input as File, bucket, path, endpoint),
      headers: { apikey: supabaseAnonKey, 'x-upsert': String(upsert) },
      metadata: { bucketName: bucket, objectName: path, contentType: options.contentType || file.type || 'application/octet-stream', cacheControl },
      // A long upload can outlive the access token: every request takes the current one. (Set
      // here only: XMLHttpRequest appends a second value to a header that `headers` already set.)
      onBeforeRequest: async (request) => {
        request.setHeader('authorization', `Bearer ${await accessToken(client)}`);
      },
      onProgress: (sent, total) => callbacks.onProgress?.(total > 0 ? (sent / total) * 100 : 0),
      onSuccess: () => settle({ kind: 'done', path, resumed }),
      onError: (error) => settle({ kind: 'failed', message: error.message }),
    });
    const cancel = () => {
      // Terminates the upload on the server (tus DELETE) and forgets it: nothing to resume.
      upload.abort(true).then(
        () => settle({ kind: 'cancelled' }),
        (failure: unknown) => {
          console.error('Cancelling the upload failed:', failure);
          settle({ kind: 'cancelled' });
        },
      );
    };
    if (options.signal?.aborted) return settle({ kind: 'cancelled' });
    options.signal?.addEventListener('abort', cancel, { once: true });
    upload
      .findPreviousUploads()
      .then((previous) => {
        const last = previous.sort((a, b) => Date.parse(b.creationTime) - Date.parse(a.creationTime))[0];
        if (last) {
          resumed = true;
          callbacks.onResume?.();
          upload.resumeFromPreviousUpload(last);
        }
        if (!settled) upload.start();
      })
      .catch((failure: unknown) => settle({ kind: 'error', message: failure instanceof Error ? failure.message : String(failure) }));
  });
}

/** Standard upload under 50 MB, resumable from 50 MB (falling back to standard when tus is unavailable). */
export async function uploadAsset(
  client: SupabaseClient,
  bucket: string,
  path: string,
  file: File,
  callbacks: UploadCallbacks = {},
  options: UploadOptions = {},
): Promise<UploadResult> {
  const log = progressLogger(path);
  const onProgress = (percent: number) => {
    log(percent);
    callbacks.onProgress?.(percent);
  };
  const sizes = uploadSizes();
  if (needsResumable(file.size, sizes.resumableFrom)) {
    const result = await uploadResumable(client, bucket, path, file, { ...callbacks, onProgress }, sizes.chunkSize, options);
    if (result !== 'unavailable') return result;
    callbacks.onResumableUnavailable?.();
  }
  onProgress(0);
  const result = await uploadStandard(client, bucket, path, file, options);
  if (result.kind === 'done') onProgress(100);
  return result;
}
