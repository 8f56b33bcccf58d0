/** Base64 over bytes with the web platform's `btoa`/`atob` (workerd has no Buffer). */

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  // String.fromCharCode takes its bytes as arguments: a bounded number at a time
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

/** Bytes of base64 text; line breaks (GitHub wraps its base64 every 60 characters) are ignored. */
export function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Bytes of base64 text someone sent, or null when it is not base64. */
export function sentBase64(text: string): Uint8Array | null {
  const clean = text.replace(/\s+/g, '');
  return /^[A-Za-z0-9+/]*={0,2}$/.test(clean) && clean.length % 4 !== 1 ? base64ToBytes(clean) : null;
}
