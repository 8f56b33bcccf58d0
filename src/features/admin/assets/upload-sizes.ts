/**
 * The sizes of the upload path: files of 50 MB or more go through tus in 6 MiB chunks (the
 * chunk size Supabase Storage's resumable endpoint expects).
 *
 * The end-to-end tests lower both for their own tab through session storage, so the resumable
 * path (drop, reload, resume) runs on files of a few hundred KB; nothing in the product writes
 * that key, and a malformed value is ignored.
 */
const MB = 1024 * 1024;

export interface UploadSizes {
  /** Files of this size or larger are uploaded with tus. */
  resumableFrom: number;
  /** Bytes per tus PATCH request. */
  chunkSize: number;
}

export const UPLOAD_SIZES: UploadSizes = { resumableFrom: 50 * MB, chunkSize: 6 * MB };
export const TEST_UPLOAD_SIZES_KEY = 'admin:test-upload-sizes';

const positiveInteger = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

/** The sizes in force: the product's, unless a test set its own for this tab. */
export function uploadSizes(storage: Pick<Storage, 'getItem'> | undefined = globalThis.sessionStorage): UploadSizes {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(TEST_UPLOAD_SIZES_KEY) ?? null;
  } catch {
    return UPLOAD_SIZES;
  }
  if (!raw) return UPLOAD_SIZES;
  try {
    const parsed = JSON.parse(raw) as Partial<UploadSizes>;
    if (positiveInteger(parsed.resumableFrom) && positiveInteger(parsed.chunkSize)) {
      return { resumableFrom: parsed.resumableFrom, chunkSize: parsed.chunkSize };
    }
  } catch {
    // Not JSON: the product's sizes.
  }
  return UPLOAD_SIZES;
}
