-- Roles: a user is an admin when user_roles holds (user_id, 'admin').
create type public.app_role as enum ('admin', 'user');

create table public.user_roles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  role public.app_role not null,
  created_at timestamptz not null default now(),
  unique (user_id, role)
);

alter table public.user_roles enable row level security;

-- A signed-in user reads only their own rows. There are no insert/update/delete policies:
-- roles are granted with the service role or SQL only.
create policy "Users read their own roles"
  on public.user_roles for select
  to authenticated
  using ((select auth.uid()) = user_id);

-- SECURITY DEFINER so policies can call it without recursing into user_roles' RLS;
-- a fixed search_path so a caller cannot shadow user_roles.
create or replace function public.has_role(_user_id uuid, _role public.app_role)
returns boolean
language sql
stable
security definer
set search_path = public
as $$
  select exists (
    select 1 from public.user_roles where user_id = _user_id and role = _role
  )
$$;

revoke all on function public.has_role(uuid, public.app_role) from public;
grant execute on function public.has_role(uuid, public.app_role) to anon, authenticated, service_role;

grant select on public.user_roles to authenticated;
grant all on public.user_roles to service_role;
