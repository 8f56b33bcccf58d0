import { describe, expect, it } from 'vitest';
import { fill, formatDate } from '~/lib/admin/text';
import { CHUNK_SIZE, RETRY_DELAYS, progressLogger } from '~/lib/admin/upload';

describe('resumable upload settings', () => {
  it('uses 6 MiB chunks and the product retry delays', () => {
    expect(CHUNK_SIZE).toBe(6291456);
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
