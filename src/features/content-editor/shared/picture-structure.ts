/**
 * Whether a picture's bytes are whole: every part its format declares is there, in order, to its
 * end. A file that is only a header, cut short, or damaged (a PNG whose checksums or compressed
 * pixels fail) is not. The build reads a picture's size from its header (Astro's own reader, run by
 * image-bytes.ts too) and then decodes it with a tolerant decoder, which would quietly draw a cut-off
 * photo grey: such a file is refused before it is saved. Runs in the browser, Node and workerd.
 */

export type PictureFormat = 'jpeg' | 'png' | 'webp' | 'avif';

const u16 = (bytes: Uint8Array, at: number) => (bytes[at]! << 8) | bytes[at + 1]!;
const u32 = (bytes: Uint8Array, at: number) => ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
const u32le = (bytes: Uint8Array, at: number) => (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
const ascii = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));

/** JPEG: markers with their lengths, a frame header before the first scan, and the end-of-image marker after the last. */
function jpegIsWhole(bytes: Uint8Array): boolean {
  let at = 2;
  let frame = false;
  let scans = 0;
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) return false;
    while (bytes[at] === 0xff && at < bytes.length) at += 1;
    const marker = bytes[at]!;
    at += 1;
    if (marker === 0xd9) return frame && scans > 0;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue;
    if (at + 2 > bytes.length) return false;
    const length = u16(bytes, at);
    if (length < 2 || at + length > bytes.length) return false;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      frame = length >= 8 && u16(bytes, at + 3) > 0 && u16(bytes, at + 5) > 0;
      if (!frame) return false;
    }
    at += length;
    if (marker !== 0xda) continue;
    if (!frame) return false;
    scans += 1;
    // The scan's coded data runs to the next marker that is neither a stuffed 0xff nor a restart.
    while (at + 1 < bytes.length && !(bytes[at] === 0xff && bytes[at + 1] !== 0 && !(bytes[at + 1]! >= 0xd0 && bytes[at + 1]! <= 0xd7))) at += 1;
  }
  return false;
}

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** The bytes a PNG's compressed pixels must inflate to: each row's filter byte and its samples, over the seven passes when interlaced. */
function pngRawSize(width: number, height: number, bitDepth: number, colourType: number, interlaced: boolean): number | null {
  const channels = ({ 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as Record<number, number>)[colourType];
  if (!channels || ![1, 2, 4, 8, 16].includes(bitDepth)) return null;
  const rowBytes = (w: number) => (w === 0 ? 0 : 1 + Math.ceil((w * channels * bitDepth) / 8));
  if (!interlaced) return height * rowBytes(width);
  const passes = [
    [0, 0, 8, 8],
    [4, 0, 8, 8],
    [0, 4, 4, 8],
    [2, 0, 4, 4],
    [0, 2, 2, 4],
    [1, 0, 2, 2],
    [0, 1, 1, 2],
  ];
  return passes.reduce((total, [x, y, dx, dy]) => {
    const w = Math.ceil((width - x!) / dx!);
    const h = Math.ceil((height - y!) / dy!);
    return total + (w > 0 && h > 0 ? h * rowBytes(w) : 0);
  }, 0);
}

/** How many bytes a zlib stream inflates to, counted as it streams (never held whole); null when it is not one. */
async function inflatedSize(parts: Uint8Array[]): Promise<number | null> {
  const stream = new Blob(parts as BlobPart[]).stream().pipeThrough(new DecompressionStream('deflate'));
  const reader = stream.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return size;
      size += value.byteLength;
    }
  } catch {
    return null;
  }
}

/** PNG: the header first, every chunk's checksum right, the pixels inflating to the size the header says, the end chunk last. */
async function pngIsWhole(bytes: Uint8Array): Promise<boolean> {
  let at = 8;
  let header: { width: number; height: number; depth: number; colour: number; interlaced: boolean } | null = null;
  const pixels: Uint8Array[] = [];
  while (at + 12 <= bytes.length) {
    const length = u32(bytes, at);
    const type = ascii(bytes, at + 4, 4);
    if (at + 12 + length > bytes.length) return false;
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== u32(bytes, at + 8 + length)) return false;
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (!header && type !== 'IHDR') return false;
    if (type === 'IHDR') header = { width: u32(data, 0), height: u32(data, 4), depth: data[8]!, colour: data[9]!, interlaced: data[12] === 1 };
    if (type === 'IDAT') pixels.push(data);
    if (type === 'IEND') {
      const expected = header && header.width > 0 && header.height > 0 ? pngRawSize(header.width, header.height, header.depth, header.colour, header.interlaced) : null;
      return expected !== null && pixels.length > 0 && (await inflatedSize(pixels)) === expected;
    }
    at += 12 + length;
  }
  return false;
}

/** WebP: the RIFF container's size is the file's, and its chunks (one with the image among them) fill it exactly. */
function webpIsWhole(bytes: Uint8Array): boolean {
  if (u32le(bytes, 4) + 8 !== bytes.length) return false;
  let at = 12;
  let image = false;
  while (at + 8 <= bytes.length) {
    const type = ascii(bytes, at, 4);
    const size = u32le(bytes, at + 4);
    const end = at + 8 + size + (size % 2);
    if (end > bytes.length) return false;
    if (type === 'VP8 ' || type === 'VP8L') image = size > 10;
    at = end;
  }
  return image && at === bytes.length;
}

/** AVIF: its boxes fill the file exactly, with the file type, the item data's description and the data itself. */
function avifIsWhole(bytes: Uint8Array): boolean {
  const seen = new Set<string>();
  let at = 0;
  while (at + 8 <= bytes.length) {
    let size = u32(bytes, at);
    const type = ascii(bytes, at + 4, 4);
    if (size === 1) {
      if (at + 16 > bytes.length || u32(bytes, at + 8) !== 0) return false;
      size = u32(bytes, at + 12);
    } else if (size === 0) size = bytes.length - at;
    if (size < 8 || at + size > bytes.length) return false;
    seen.add(type);
    at += size;
  }
  return at === bytes.length && seen.has('ftyp') && seen.has('meta') && seen.has('mdat');
}

export async function pictureIsWhole(format: PictureFormat, bytes: Uint8Array): Promise<boolean> {
  if (format === 'jpeg') return jpegIsWhole(bytes);
  if (format === 'png') return pngIsWhole(bytes);
  if (format === 'webp') return webpIsWhole(bytes);
  return avifIsWhole(bytes);
}
