-- The public bucket for the site's logo, images and videos.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'videos',
  'videos',
  true,
  524288000, -- 500 MiB
  array['image/png', 'image/jpeg', 'image/webp', 'image/avif', 'image/gif', 'image/svg+xml',
        'video/mp4', 'video/webm', 'video/quicktime', 'video/ogg']
)
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- Anyone reads (and lists) the bucket; only admins write.
create policy "Anyone can read videos"
  on storage.objects for select
  using (bucket_id = 'videos');

create policy "Admins can upload videos"
  on storage.objects for insert
  to authenticated
  with check (bucket_id = 'videos' and public.has_role((select auth.uid()), 'admin'));

create policy "Admins can update videos"
  on storage.objects for update
  to authenticated
  using (bucket_id = 'videos' and public.has_role((select auth.uid()), 'admin'))
  with check (bucket_id = 'videos' and public.has_role((select auth.uid()), 'admin'));

create policy "Admins can delete videos"
  on storage.objects for delete
  to authenticated
  using (bucket_id = 'videos' and public.has_role((select auth.uid()), 'admin'));
