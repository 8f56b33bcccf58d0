-- Runs after the migrations on `supabase db reset` and on the local stand-in's first start.
-- Makes the documented local admin an admin once that account exists (the stand-in creates
-- admin@example.com and member@example.com before running this file; with the Supabase CLI,
-- sign up as admin@example.com first and run `supabase db reset` or this statement again).
insert into public.user_roles (user_id, role)
select id, 'admin'
from auth.users
where email = 'admin@example.com'
on conflict (user_id, role) do nothing;
