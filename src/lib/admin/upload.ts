/**
 * Uploads to the storage bucket (docs/product.md §7, Storage): files under 50 MB in
 * one request through supabase-js (cache control 3600, no overwrite); larger files through
 * tus-js-client in 6 MiB chunks, resumable after a dropped connection or a reload. tus-js-client
 * is loaded only when such an upload starts.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { supabaseAnonKey, supabaseUrl } from '~/lib/env';
import { useResumable } from './assets';
import { uploadSizes } from './upload-sizes';

export const RETRY_DELAYS = [0, 3000, 5000, 10000, 20000];
export const CACHE_CONTROL = '3600';
export const RESUMABLE_PATH = '/storage/v1/upload/resumable';

export type UploadResult =
  /** Stored under `path`. */
  | { kind: 'done'; path: string; resumed: boolean }
  /** The backend refused (RLS, duplicate, size...): the 'Upload Failed' notice. */
  | { kind: 'failed'; message: string }
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

export async function uploadStandard(client: SupabaseClient, bucket: string, path: string, file: File): Promise<UploadResult> {
  try {
    const { error } = await client.storage.from(bucket).upload(path, file, { cacheControl: CACHE_CONTROL, upsert: false });
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
): Promise<UploadResult | 'unavailable'> {
  let tus: typeof import('tus-js-client');
  try {
    tus = await import('tus-js-client');
  } catch (failure) {
    console.error('tus-js-client could not be loaded:', failure);
    return 'unavailable';
  }
  if (!tus.isSupported) return 'unavailable';
  return new Promise<UploadResult>((resolve) => {
    let resumed = false;
    const upload = new tus.Upload(file, {
      endpoint: `${supabaseUrl.replace(/\/+$/, '')}${RESUMABLE_PATH}`,
      retryDelays: RETRY_DELAYS,
      chunkSize,
      uploadDataDuringCreation: true,
      removeFingerprintOnSuccess: true,
      headers: { apikey: supabaseAnonKey, 'x-upsert': 'false' },
      metadata: { bucketName: bucket, objectName: path, contentType: file.type || 'application/octet-stream', cacheControl: CACHE_CONTROL },
      // A long upload can outlive the access token: every request takes the current one. (Set
      // here only: XMLHttpRequest appends a second value to a header that `headers` already set.)
      onBeforeRequest: async (request) => {
        request.setHeader('authorization', `Bearer ${await accessToken(client)}`);
      },
      onProgress: (sent, total) => callbacks.onProgress?.(total > 0 ? (sent / total) * 100 : 0),
      onSuccess: () => resolve({ kind: 'done', path, resumed }),
      onError: (error) => resolve({ kind: 'failed', message: error.message }),
    });
    upload
      .findPreviousUploads()
      .then((previous) => {
        const last = previous.sort((a, b) => Date.parse(b.creationTime) - Date.parse(a.creationTime))[0];
        if (last) {
          resumed = true;
          callbacks.onResume?.();
          upload.resumeFromPreviousUpload(last);
        }
        upload.start();
      })
      .catch((failure: unknown) => resolve({ kind: 'error', message: failure instanceof Error ? failure.message : String(failure) }));
  });
}

/** Standard upload under 50 MB, resumable from 50 MB (falling back to standard when tus is unavailable). */
export async function uploadAsset(client: SupabaseClient, bucket: string, path: string, file: File, callbacks: UploadCallbacks = {}): Promise<UploadResult> {
  const log = progressLogger(path);
  const onProgress = (percent: number) => {
    log(percent);
    callbacks.onProgress?.(percent);
  };
  const sizes = uploadSizes();
  if (useResumable(file.size, sizes.resumableFrom)) {
    const result = await uploadResumable(client, bucket, path, file, { ...callbacks, onProgress }, sizes.chunkSize);
    if (result !== 'unavailable') return result;
    callbacks.onResumableUnavailable?.();
  }
  onProgress(0);
  const result = await uploadStandard(client, bucket, path, file);
  if (result.kind === 'done') onProgress(100);
  return result;
}
