-- Runs after the migrations on `supabase db reset` and on the local stand-in's first start.
-- Makes the documented local admin an admin, and the documented local editor an editor, once
-- those accounts exist (the stand-in creates admin@example.com, editor@example.com and
-- member@example.com before running this file; with the Supabase CLI, sign up with those
-- addresses first and run `supabase db reset` or these statements again).
insert into public.user_roles (user_id, role)
select id, 'admin'
from auth.users
where email = 'admin@example.com'
on conflict (user_id, role) do nothing;

insert into public.user_roles (user_id, role)
select id, 'editor'
from auth.users
where email = 'editor@example.com'
on conflict (user_id, role) do nothing;
