/**
 * Public URL of an object in a public storage bucket, computed the way supabase-js'
 * getPublicUrl does (no request): encodeURI("{url}/storage/v1/object/public/{bucket}/{path}").
 */
export function publicStorageUrl(supabaseUrl: string, bucket: string, path: string): string {
  const base = supabaseUrl.replace(/\/+$/, '');
  const objectPath = path.replace(/^\/+/, '');
  return encodeURI(`${base}/storage/v1/object/public/${bucket}/${objectPath}`);
}
