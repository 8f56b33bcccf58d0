/**
 * Whether a picture can go on the site, read as the build reads it: its bytes say JPEG, PNG, WebP
 * or AVIF (the formats the build makes responsive versions from) whatever its name says, it is
 * whole (picture-structure.ts), and Astro's own reader finds its size (`imageMetadata`, which the
 * build runs on every picture: a file it cannot read stops the build). The editor checks a picture
 * with it when it is picked, the endpoint again before a save.
 */
import { imageMetadata } from 'astro/assets/utils';
import { type PictureFormat, pictureIsWhole } from './picture-structure';

export type ImageType = PictureFormat;

/** The largest picture the editor takes. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** The rule, as the picker says it. */
export const PICTURE_RULE = 'a JPEG, PNG, WebP or AVIF picture of 10 MB at most';

const startsWith = (bytes: Uint8Array, at: number, ascii: string) => [...ascii].every((char, i) => bytes[at + i] === char.charCodeAt(0));

export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => bytes[i] === byte)) return 'png';
  if (bytes.length >= 12 && startsWith(bytes, 0, 'RIFF') && startsWith(bytes, 8, 'WEBP')) return 'webp';
  if (bytes.length >= 12 && startsWith(bytes, 4, 'ftyp') && (startsWith(bytes, 8, 'avif') || startsWith(bytes, 8, 'avis'))) return 'avif';
  return null;
}

/** The type a file name's ending promises. */
export function imageTypeOfName(name: string): ImageType | null {
  const ending = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  if (ending === 'jpg' || ending === 'jpeg') return 'jpeg';
  return ending === 'png' || ending === 'webp' || ending === 'avif' ? ending : null;
}

const megabytes = (size: number) => `${(size / 1024 / 1024).toFixed(1)} MB`;

/** What is wrong with a picture, in the marketer's words, or null. */
export async function pictureProblem(name: string, bytes: Uint8Array): Promise<string | null> {
  if (bytes.length === 0) return `${name} is empty: pick the picture again`;
  if (bytes.length > MAX_IMAGE_BYTES) return `${name} is ${megabytes(bytes.length)}: a picture may be 10 MB at most. Save it smaller, then pick it again`;
  const type = imageTypeOf(bytes);
  if (!type) return `${name} is not a picture the site can show: pick ${PICTURE_RULE}`;
  if (imageTypeOfName(name) !== type) return `${name} is a ${type.toUpperCase()} picture: its name must end in .${type === 'jpeg' ? 'jpg' : type}`;
  const damaged = `${name} is damaged or cut short: save or export it again, then pick it again`;
  if (!(await pictureIsWhole(type, bytes))) return damaged;
  try {
    const { width, height } = await imageMetadata(bytes, name);
    return width > 0 && height > 0 ? null : damaged;
  } catch {
    return damaged;
  }
}
