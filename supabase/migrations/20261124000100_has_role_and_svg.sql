-- has_role answers whether any user id is an admin: only signed-in users (the storage policies
-- call it for them) and the service role may call it, not anonymous visitors.
revoke execute on function public.has_role(uuid, public.app_role) from public, anon;
grant execute on function public.has_role(uuid, public.app_role) to authenticated, service_role;

-- An SVG can carry script that runs when its public URL is opened: the public bucket takes
-- raster images and videos only.
update storage.buckets
  set allowed_mime_types = array_remove(allowed_mime_types, 'image/svg+xml')
  where id = 'videos';
