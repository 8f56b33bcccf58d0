/**
 * Git's object ids, as git and GitHub compute them: the sha1 of `<type> <length>\0` and the
 * object's body. A tree's body is its entries sorted by name (a folder's name as if it ended in
 * `/`), each `<mode> <name>\0` and the 20 bytes of its id.
 */

export async function gitObjectSha(type: 'blob' | 'tree' | 'commit', body: Uint8Array): Promise<string> {
  const header = new TextEncoder().encode(`${type} ${body.byteLength}\0`);
  const whole = new Uint8Array(header.byteLength + body.byteLength);
  whole.set(header);
  whole.set(body, header.byteLength);
  const digest = await crypto.subtle.digest('SHA-1', whole);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface TreeItem {
  name: string;
  /** `100644` a file, `100755` an executable file, `40000` a folder. */
  mode: '100644' | '100755' | '40000';
  sha: string;
}

const encoder = new TextEncoder();

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) if (a[index] !== b[index]) return a[index]! - b[index]!;
  return a.length - b.length;
}

export function gitTreeSha(items: TreeItem[]): Promise<string> {
  const sortKey = (item: TreeItem) => encoder.encode(item.mode === '40000' ? `${item.name}/` : item.name);
  const sorted = [...items].sort((a, b) => compareBytes(sortKey(a), sortKey(b)));
  const parts = sorted.flatMap((item) => [encoder.encode(`${item.mode} ${item.name}\0`), Uint8Array.from(item.sha.match(/../g)!.map((pair) => parseInt(pair, 16)))]);
  const body = new Uint8Array(parts.reduce((total, part) => total + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    body.set(part, offset);
    offset += part.byteLength;
  }
  return gitObjectSha('tree', body);
}
