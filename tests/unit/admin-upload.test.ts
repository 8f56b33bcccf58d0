import { describe, expect, it } from 'vitest';
import { fill, formatDate } from '~/features/admin/text';
import { RETRY_DELAYS, progressLogger } from '~/features/admin/assets/upload';
import { TEST_UPLOAD_SIZES_KEY, UPLOAD_SIZES, uploadSizes } from '~/features/admin/assets/upload-sizes';

describe('resumable upload settings', () => {
  it('uses 6 MiB chunks and the product retry delays', () => {
    expect(UPLOAD_SIZES.chunkSize).toBe(6291456);
    expect(RETRY_DELAYS).toEqual([0, 3000, 5000, 10000, 20000]);
  });
  it('logs progress once per 10 % step', () => {
    const lines: string[] = [];
    const log = progressLogger('a.mp4', (line) => lines.push(line));
    for (const percent of [0, 3, 9.9, 10, 10.5, 27, 55, 99, 100, 100]) log(percent);
    expect(lines).toEqual(['Upload a.mp4: 0%', 'Upload a.mp4: 10%', 'Upload a.mp4: 20%', 'Upload a.mp4: 50%', 'Upload a.mp4: 90%', 'Upload a.mp4: 100%']);
  });
});

describe('text helpers', () => {
  it('fills tokens and leaves unknown ones', () => {
    expect(fill('Step "{step}" completed successfully', { step: 'Free Slots' })).toBe('Step "Free Slots" completed successfully');
    expect(fill('{count} of {total} assets', { count: 3 })).toBe('3 of {total} assets');
  });
  it('formats a catalogue date', () => {
    expect(formatDate('2024-01-15')).toBe('Jan 15, 2024');
  });
});

describe('upload sizes', () => {
  const storage = (value: string | null) => ({ getItem: (key: string) => (key === TEST_UPLOAD_SIZES_KEY ? value : null) });

  it("are the product's (50 MB, 6 MiB) unless a test set its own", () => {
    expect(uploadSizes(storage(null))).toEqual({ resumableFrom: 52428800, chunkSize: 6291456 });
    expect(uploadSizes(undefined)).toEqual(UPLOAD_SIZES);
    expect(uploadSizes(storage('{"resumableFrom":262144,"chunkSize":65536}'))).toEqual({ resumableFrom: 262144, chunkSize: 65536 });
  });

  it('ignore a malformed or partial value, and a storage that throws', () => {
    for (const bad of ['nope', '{}', '{"resumableFrom":0,"chunkSize":65536}', '{"resumableFrom":1.5,"chunkSize":2}', '{"resumableFrom":"9","chunkSize":9}']) {
      expect(uploadSizes(storage(bad)), bad).toEqual(UPLOAD_SIZES);
    }
    expect(
      uploadSizes({
        getItem: () => {
          throw new Error('denied');
        },
      }),
    ).toEqual(UPLOAD_SIZES);
  });
});
