/** Buckets, object rows and the bytes on disk, shared by the storage routes and tus. */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import type { Db, Tx } from './db.ts';

export interface Bucket {
  id: string;
  public: boolean;
  file_size_limit: number | string | null;
  allowed_mime_types: string[] | null;
}

export class StorageFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

export const failures = {
  noBucket: () => new StorageFailure(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noObject: () => new StorageFailure(404, 'NoSuchKey', 'not_found', 'Object not found'),
  duplicate: () => new StorageFailure(409, 'KeyAlreadyExists', 'Duplicate', 'The resource already exists'),
  rls: () => new StorageFailure(403, 'AccessDenied', 'Unauthorized', 'new row violates row-level security policy'),
  tooLarge: () => new StorageFailure(413, 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size'),
  mime: (type: string) => new StorageFailure(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${type} is not supported`),
  badKey: (key: string) => new StorageFailure(400, 'InvalidKey', 'Invalid Key', `Invalid key: ${key}`),
};

export async function getBucket(db: Db, id: string): Promise<Bucket> {
  const { rows } = await db.query<Bucket>('select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1', [id]);
  if (!rows[0]) throw failures.noBucket();
  return rows[0];
}

/** Object names: relative, no empty or dot segments, no control characters. */
export function checkObjectName(name: string): void {
  const segments = name.split('/');
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this rejects
  if (!name || name.length > 1024 || /[\u0000-\u001f\\]/.test(name) || segments.some((s) => !s || s === '.' || s === '..')) {
    throw failures.badKey(name);
  }
}

// RFC 9110 §8.3.1: type "/" subtype *( OWS ";" OWS [ name "=" ( token / quoted-string ) ] ).
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED = '"(?:[\\t !#-\\[\\]-~\\x80-\\xff]|\\\\[\\t -~\\x80-\\xff])*"';
const MEDIA_TYPE = new RegExp(`^(${TOKEN})/${TOKEN}(?:[ \\t]*;[ \\t]*(?:${TOKEN}=(?:${TOKEN}|${QUOTED}))?)*$`);

/**
 * Whether a Content-Type is one media type a bucket takes. The whole value must parse as one type
 * (a list such as `image/png, text/html` is not one: a browser would use its last type). With an
 * allow-list, storage-api compares the value as sent: it must be an allowed type exactly, or
 * have the type of an allowed `type/*`.
 */
export function acceptsType(allowed: readonly string[] | null, mimetype: string): boolean {
  const parsed = MEDIA_TYPE.exec(mimetype);
  if (!parsed) return false;
  if (!allowed?.length) return true;
  return allowed.some((entry) => entry === mimetype || (entry.endsWith('/*') && entry.slice(0, -2) === parsed[1]));
}

export function checkLimits(bucket: Bucket, size: number, mimetype: string): void {
  if (bucket.file_size_limit !== null && size > Number(bucket.file_size_limit)) throw failures.tooLarge();
  if (!acceptsType(bucket.allowed_mime_types, mimetype)) throw failures.mime(mimetype);
}

export function cacheControlFrom(value: string | null | undefined): string {
  if (!value) return 'max-age=3600';
  if (/^\d+$/.test(value)) return `max-age=${value}`;
  return /^max-age=\d+$/.test(value) ? value : 'no-cache';
}

export function objectMetadata(bytes: Uint8Array, mimetype: string, cacheControl: string) {
  return metadataFor(bytes.byteLength, createHash('md5').update(bytes).digest('hex'), mimetype, cacheControl);
}

/** Size and MD5 of a file on disk, read as a stream (uploads can be gigabytes). */
export async function fileDigest(path: string): Promise<{ size: number; md5: string }> {
  const hash = createHash('md5');
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) hash.update(chunk as Buffer);
  return { size: (await stat(path)).size, md5: hash.digest('hex') };
}

export function metadataFor(size: number, md5: string, mimetype: string, cacheControl: string) {
  return {
    eTag: `"${md5}"`,
    size,
    mimetype,
    cacheControl,
    lastModified: new Date().toUTCString(),
    contentLength: size,
    httpStatusCode: 200,
  };
}

/** A stored file opened for reading: the bytes it had when opened, whatever replaces it later. */
export interface OpenedFile {
  size: number;
  /** Bytes `start` to `end` (inclusive) as a web stream; closes the file when done. */
  stream(start: number, end: number): ReadableStream<Uint8Array>;
  close(): Promise<void>;
}

/**
 * The bytes of stored objects, one file per object. A replacement never changes a file in place:
 * the new bytes are written beside it and renamed over it in one step, so a reader gets the old
 * file or the new one, whole (like storage-api, which writes each upload as a new version and
 * switches the object to it only once the upload is complete).
 */
export class FileArea {
  constructor(readonly root: string) {}

  path(bucket: string, name: string): string {
    return join(this.root, bucket, ...name.split('/'));
  }

  /** A temporary name beside `target`: same directory, so the final rename is atomic. */
  private staging(target: string): string {
    return join(dirname(target), `.${basename(target)}.${randomUUID()}.part`);
  }

  async write(bucket: string, name: string, bytes: Uint8Array): Promise<void> {
    const target = this.path(bucket, name);
    await mkdir(dirname(target), { recursive: true });
    const staged = this.staging(target);
    try {
      await writeFile(staged, bytes);
      await rename(staged, target);
    } catch (error) {
      await rm(staged, { force: true });
      throw error;
    }
  }

  /** Moves a finished upload's file into place (through a copy beside it when it lives on another file system). */
  async moveIn(bucket: string, name: string, source: string): Promise<void> {
    const target = this.path(bucket, name);
    await mkdir(dirname(target), { recursive: true });
    try {
      await rename(source, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      const staged = this.staging(target);
      try {
        await copyFile(source, staged);
        await rename(staged, target);
      } catch (copyError) {
        await rm(staged, { force: true });
        throw copyError;
      }
      await rm(source, { force: true });
    }
  }

  read(bucket: string, name: string): Promise<Buffer> {
    return readFile(this.path(bucket, name));
  }

  /** Opens the stored file (null when it is missing); size and bytes come from that one file. */
  async open(bucket: string, name: string): Promise<OpenedFile | null> {
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(this.path(bucket, name), 'r');
    } catch {
      return null;
    }
    const { size } = await handle.stat();
    return {
      size,
      stream: (start, end) => Readable.toWeb(handle.createReadStream({ start, end, autoClose: true })) as ReadableStream<Uint8Array>,
      close: () => handle.close(),
    };
  }

  remove(bucket: string, name: string): Promise<void> {
    return rm(this.path(bucket, name), { force: true });
  }
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
  version: string | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
}

/** Inserts (or upserts) the object row inside the caller's transaction, so RLS decides. */
export async function writeObjectRow(
  tx: Tx,
  input: { bucket: string; name: string; owner: string | null; metadata: object; userMetadata: object | null; upsert: boolean },
): Promise<ObjectRow> {
  const values = [input.bucket, input.name, input.owner, JSON.stringify(input.metadata), input.userMetadata ? JSON.stringify(input.userMetadata) : null, input.owner];
  const conflict = input.upsert
    ? `on conflict (bucket_id, name) do update set metadata = excluded.metadata, user_metadata = excluded.user_metadata,
         owner = excluded.owner, owner_id = excluded.owner_id, version = excluded.version, updated_at = now()`
    : '';
  const { rows } = await tx.query<ObjectRow>(
    `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
     values ($1, $2, $3::uuid, $6::text, $4, $5, gen_random_uuid()::text) ${conflict} returning *`,
    values,
  );
  return rows[0]!;
}
