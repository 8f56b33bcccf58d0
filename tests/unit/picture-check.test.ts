/**
 * A picture is checked as the build will read it (src/features/content-editor/shared/image-bytes.ts):
 * every picture of the site passes; one that is only a header, cut short or damaged, or is not the
 * type its name says, is refused in words, for each format the build takes. Pictures made by sharp,
 * the build's own image library.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, pictureProblem } from '~/features/content-editor/shared/image-bytes';

const images = fileURLToPath(new URL('../../src/content/images/', import.meta.url));
const FORMATS = ['jpeg', 'png', 'webp', 'avif'] as const;
const ending = (format: (typeof FORMATS)[number]) => (format === 'jpeg' ? 'jpg' : format);

async function picture(format: (typeof FORMATS)[number], options: Record<string, unknown> = {}): Promise<Uint8Array> {
  const noise = Buffer.from(Array.from({ length: 96 * 64 * 3 }, (_, i) => (i * 37) % 251));
  return new Uint8Array(
    await sharp(noise, { raw: { width: 96, height: 64, channels: 3 } })
      .toFormat(format, options)
      .toBuffer(),
  );
}

/** A PNG chunk's checksum made right again, so only the compressed pixels are wrong. */
function withPngChecksums(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes);
  const view = new DataView(out.buffer);
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  for (let at = 8; at + 12 <= out.length;) {
    const length = view.getUint32(at);
    let crc = 0xffffffff;
    for (const byte of out.subarray(at + 4, at + 8 + length)) crc = table[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
    view.setUint32(at + 8 + length, (crc ^ 0xffffffff) >>> 0);
    at += 12 + length;
  }
  return out;
}

const idatAt = (bytes: Uint8Array) => Buffer.from(bytes).indexOf('IDAT') + 4;

describe('a picture checked as the build reads it', () => {
  it('takes every picture of the site', async () => {
    const files = readdirSync(images, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) expect(await pictureProblem(file.name, new Uint8Array(readFileSync(join(file.parentPath, file.name)))), file.name).toBeNull();
  });

  it.each(FORMATS)('takes a whole %s, plain and progressive or interlaced', async (format) => {
    expect(await pictureProblem(`photo.${ending(format)}`, await picture(format))).toBeNull();
    if (format === 'jpeg' || format === 'png') expect(await pictureProblem(`photo.${ending(format)}`, await picture(format, { progressive: true }))).toBeNull();
  });

  it.each(FORMATS)('refuses a %s cut short, and its header alone', async (format) => {
    const whole = await picture(format);
    const name = `photo.${ending(format)}`;
    for (const keep of [Math.floor(whole.length * 0.8), whole.length - 2, 40]) {
      expect(await pictureProblem(name, whole.slice(0, keep)), `${keep} of ${whole.length} bytes`).toBe(
        `${name} is damaged or cut short: save or export it again, then pick it again`,
      );
    }
  });

  it('refuses a JPEG that is a header and no picture', async () => {
    const header = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
    expect(await pictureProblem('cover.jpg', header)).toMatch(/damaged or cut short/);
    expect(await pictureProblem('cover.jpg', Uint8Array.from([...header, 0xff, 0xd9]))).toMatch(/damaged or cut short/);
  });

  it('refuses a PNG whose pixels are damaged: a checksum that fails, or compressed data that does not inflate', async () => {
    const whole = await picture('png');
    const flipped = new Uint8Array(whole);
    flipped[idatAt(whole) + 20]! ^= 0xff;
    expect(await pictureProblem('photo.png', flipped)).toMatch(/damaged or cut short/);
    expect(await pictureProblem('photo.png', withPngChecksums(flipped))).toMatch(/damaged or cut short/);
    const zeroed = new Uint8Array(whole);
    zeroed.fill(0, idatAt(whole) + 2, idatAt(whole) + 30);
    expect(await pictureProblem('photo.png', withPngChecksums(zeroed))).toMatch(/damaged or cut short/);
  });

  it('refuses what is not a picture, a name that says another type, an empty file and one over 10 MB, in words', async () => {
    expect(await pictureProblem('notes.jpg', new TextEncoder().encode('Just some notes, not a photo.'))).toBe(
      'notes.jpg is not a picture the site can show: pick a JPEG, PNG, WebP or AVIF picture of 10 MB at most',
    );
    expect(await pictureProblem('photo.jpg', await picture('png'))).toBe('photo.jpg is a PNG picture: its name must end in .png');
    expect(await pictureProblem('photo.jpg', new Uint8Array())).toBe('photo.jpg is empty: pick the picture again');
    const big = new Uint8Array(MAX_IMAGE_BYTES + 7 * 1024 * 1024);
    big.set(await picture('jpeg'));
    expect(await pictureProblem('big.jpg', big)).toBe('big.jpg is 17.0 MB: a picture may be 10 MB at most. Save it smaller, then pick it again');
  });
});
