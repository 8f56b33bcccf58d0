/** Where the placeholder art goes and how it is written (tools/make-placeholders.mjs), with a list of what was written. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const CONTENT = join(ROOT, 'src/content');
export const PUBLIC = join(ROOT, 'public');

/** [file, bytes] of every file written. */
export const written = [];

export async function writeJpeg(file, svg, { maxBytes = 60_000, quality = 78, hue = 0 } = {}) {
  mkdirSync(dirname(file), { recursive: true });
  let q = quality;
  let buf;
  for (;;) {
    let img = sharp(Buffer.from(svg));
    if (hue) img = img.modulate({ hue });
    buf = await img.jpeg({ quality: q, progressive: true, mozjpeg: true, chromaSubsampling: '4:2:0' }).toBuffer();
    if (buf.length <= maxBytes || q <= 50) break;
    q -= 4;
  }
  writeFileSync(file, buf);
  written.push([file, buf.length]);
}

export async function writePng(file, svg, size) {
  mkdirSync(dirname(file), { recursive: true });
  const buf = await sharp(Buffer.from(svg), { density: Math.max(72, (72 * size) / 64) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
  writeFileSync(file, buf);
  written.push([file, buf.length]);
}

export function writeText(file, text) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  written.push([file, Buffer.byteLength(text)]);
}
