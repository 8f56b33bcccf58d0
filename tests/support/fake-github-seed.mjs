/**
 * What the fake GitHub's branch starts with: folders of a checkout, kept at their paths, and, for
 * tests at scale, generated guides (JSON, as the resources collection writes them) and pictures
 * (real PNGs, each different).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { deflateSync } from 'node:zlib';

/** Every file under `dir`, as [path from `root`, bytes]. */
export function filesUnder(root, dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(root, path);
    return entry.isFile() ? [[relative(root, path).split(sep).join('/'), readFileSync(path)]] : [];
  });
}

const CRC_TABLE = Array.from({ length: 256 }, (_, byte) => {
  let crc = byte;
  for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  return crc >>> 0;
});
const crc32 = (bytes) => (bytes.reduce((crc, byte) => CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8), 0xffffffff) ^ 0xffffffff) >>> 0;

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of 8×8 pixels of one colour, `seed` choosing the colour. */
export function png(seed) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8, 0);
  header.writeUInt32BE(8, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: 8 }, () => [seed & 0xff, (seed >> 8) & 0xff, 0x80]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: 8 }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

const number = (index) => String(index + 1).padStart(3, '0');

/** `guides` guides (valid entries of the collection) in src/content/resources/ and `pictures` pictures in src/content/images/resources/. */
export function generatedFiles({ guides = 0, pictures = 0 } = {}) {
  const files = [];
  for (let index = 0; index < guides; index += 1) {
    const guide = {
      $schema: '../../../.astro/collections/resources.schema.json',
      title: `Generated Guide ${number(index)}`,
      subtitle: 'For tests with many files',
      description: `A generated guide, number ${index + 1}, for tests with many files.`,
      bullets: ['One bullet'],
      image: `../images/resources/generated-${number(index % Math.max(pictures, 1))}.png`,
      imageAlt: `Cover of generated guide ${number(index)}`,
      tag: 'Training Program',
      featured: false,
      formId: `Generated${number(index)}`,
      order: 100 + index,
    };
    files.push([`src/content/resources/generated-${number(index)}.json`, Buffer.from(`${JSON.stringify(guide, null, 2)}\n`)]);
  }
  for (let index = 0; index < pictures; index += 1) files.push([`src/content/images/resources/generated-${number(index)}.png`, png(index)]);
  return files;
}
