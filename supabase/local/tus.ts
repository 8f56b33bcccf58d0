/**
 * Resumable uploads (tus 1.0.0) at /storage/v1/upload/resumable through @tus/server, with
 * storage-api's metadata (bucketName, objectName, contentType, cacheControl, metadata), the
 * RLS check when the upload is created and the object row written when it finishes. An upload
 * belongs to the user who created it: its URL answers only requests with that user's JWT.
 */
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { requestClaims } from './claims.ts';
import type { StandinConfig } from './config.ts';
import { publicUrl } from './config.ts';
import { type Db, asRole, sqlState } from './db.ts';
import { json } from './gateway.ts';
import type { Claims } from './jwt.ts';
import { type FileArea, StorageFailure, cacheControlFrom, checkLimits, checkObjectName, fileDigest, getBucket, metadataFor, writeObjectRow } from './objects.ts';

export const TUS_PATH = '/storage/v1/upload/resumable';

class Rollback extends Error {}

function tusError(status: number, body: string): { status_code: number; body: string } {
  return { status_code: status, body };
}

/** The caller's claims; storage's tus routes require a valid JWT (the anon key is one). */
export async function tusClaims(request: Request, config: StandinConfig): Promise<Claims | string> {
  const result = await requestClaims(request, config);
  return result.ok ? result.claims : result.reason;
}

/** The upload's metadata key naming its creator; whatever a client sends under it is replaced. */
const CREATOR = 'createdBy';

/** Who a JWT speaks for: its user (sub), or its role for a key without one (anon, service_role). */
function creatorOf(claims: Claims): string {
  return typeof claims.sub === 'string' && claims.sub ? claims.sub : `role:${String(claims.role ?? 'anon')}`;
}

/**
 * 403 (storage's JSON error) unless the caller created the upload this URL names; null for
 * requests that name no upload, and for an unknown upload (tus answers those with 404).
 */
export async function tusOwnerProblem(server: Server, request: Request, claims: Claims): Promise<Response | null> {
  const path = new URL(request.url).pathname;
  if (request.method === 'POST' || request.method === 'OPTIONS' || !path.startsWith(`${TUS_PATH}/`)) return null;
  const id = path.slice(TUS_PATH.length + 1).replace(/\/$/, '');
  // The naming function makes base64url ids: anything else names no upload.
  if (!/^[A-Za-z0-9_-]+$/.test(id)) return json({ statusCode: '404', code: 'NoSuchUpload', error: 'not_found', message: 'Upload not found' }, 404);
  let upload: Upload;
  try {
    upload = await server.datastore.getUpload(id);
  } catch {
    return null;
  }
  if (upload.metadata?.[CREATOR] === creatorOf(claims)) return null;
  return json({ statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message: 'The upload belongs to another user' }, 403, { 'tus-resumable': '1.0.0' });
}

function metadataOf(upload: Upload): { bucket: string; name: string; contentType: string; cacheControl: string; user: Record<string, unknown> | null } {
  const meta = upload.metadata ?? {};
  const bucket = meta.bucketName ?? '';
  const name = meta.objectName ?? '';
  let user: Record<string, unknown> | null = null;
  if (meta.metadata) {
    try {
      user = JSON.parse(meta.metadata) as Record<string, unknown>;
    } catch {
      throw tusError(400, 'metadata must be a JSON object');
    }
  }
  return { bucket, name, contentType: meta.contentType || 'application/octet-stream', cacheControl: cacheControlFrom(meta.cacheControl), user };
}

function asTusError(error: unknown): { status_code: number; body: string } {
  if (error instanceof StorageFailure) return tusError(error.status, error.message);
  const state = sqlState(error);
  if (state === '42501') return tusError(403, 'new row violates row-level security policy');
  if (state === '23505') return tusError(409, 'The resource already exists');
  throw error;
}

export function createTusServer(db: Db, config: StandinConfig, files: FileArea, directory: string): Server {
  const claimsFor = async (request: Request): Promise<Claims> => {
    const claims = await tusClaims(request, config);
    if (typeof claims === 'string') throw tusError(403, claims);
    return claims;
  };
  return new Server({
    path: TUS_PATH,
    datastore: new FileStore({ directory }),
    respectForwardedHeaders: false,
    disableTerminationForFinishedUploads: true,
    generateUrl: (_request, { path, id }) => `${publicUrl(config)}${path}/${id}`,
    namingFunction: (_request, metadata) => {
      if (!metadata?.bucketName || !metadata.objectName) throw tusError(400, 'Metadata header is required');
      return Buffer.from(`${metadata.bucketName}/${metadata.objectName}/${randomUUID()}`).toString('base64url');
    },
    onUploadCreate: async (request, upload) => {
      const claims = await claimsFor(request);
      const meta = metadataOf(upload);
      const upsert = request.headers.get('x-upsert') === 'true';
      const metadata = { ...upload.metadata, [CREATOR]: creatorOf(claims) };
      try {
        checkObjectName(meta.name);
        const bucket = await getBucket(db, meta.bucket);
        checkLimits(bucket, upload.size ?? 0, meta.contentType);
        // Try the row as the caller and roll back: RLS and the duplicate check happen now.
        await asRole(db, claims, async (tx) => {
          await writeObjectRow(tx, { bucket: meta.bucket, name: meta.name, owner: null, metadata: {}, userMetadata: null, upsert });
          throw new Rollback();
        });
      } catch (error) {
        if (!(error instanceof Rollback)) throw asTusError(error);
      }
      return { metadata };
    },
    onUploadFinish: async (request, upload) => {
      const claims = await claimsFor(request);
      const meta = metadataOf(upload);
      const upsert = request.headers.get('x-upsert') === 'true';
      const stored = join(directory, upload.id);
      // Streamed: a finished upload may be far larger than the memory the stand-in should use.
      const { size, md5 } = await fileDigest(stored);
      const owner = typeof claims.sub === 'string' ? claims.sub : null;
      try {
        await asRole(db, claims, async (tx) => {
          const metadata = metadataFor(size, md5, meta.contentType, meta.cacheControl);
          await writeObjectRow(tx, { bucket: meta.bucket, name: meta.name, owner, metadata, userMetadata: meta.user, upsert });
          await files.moveIn(meta.bucket, meta.name, stored);
        });
      } catch (error) {
        throw asTusError(error);
      }
      // The upload's bookkeeping file (offset, metadata) is not needed once the object exists.
      await rm(`${stored}.json`, { force: true });
      return {};
    },
  });
}
