/**
 * What a picture's bytes say it is, whatever its name says: JPEG, PNG, WebP or AVIF (the formats
 * the build makes responsive versions from), or null.
 */
export type ImageType = 'jpeg' | 'png' | 'webp' | 'avif';

/** The largest picture the editor takes. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

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

/** What is wrong with a picture the editor was given, in words, or null. */
export function imageProblem(name: string, bytes: Uint8Array): string | null {
  if (bytes.length === 0) return `${name} is empty`;
  if (bytes.length > MAX_IMAGE_BYTES) return `${name} is ${(bytes.length / 1024 / 1024).toFixed(1)} MB: a picture may be 10 MB at most`;
  const type = imageTypeOf(bytes);
  if (!type) return `${name} is not a JPEG, PNG, WebP or AVIF picture`;
  const named = imageTypeOfName(name);
  if (named !== type) return `${name} is a ${type.toUpperCase()} picture: its name must end in .${type === 'jpeg' ? 'jpg' : type}`;
  return null;
}

/**
 * What is wrong with a picture, read as the build will read it, in the marketer's words, or null.
 * The editor checks a picture with it when it is picked; the endpoint again before a save.
 */
export async function pictureProblem(name: string, bytes: Uint8Array): Promise<string | null> {
  return imageProblem(name, bytes);
}
