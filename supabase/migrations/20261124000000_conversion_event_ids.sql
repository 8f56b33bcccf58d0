-- Event ids the track-conversion function has forwarded to the Meta Conversions API: an id is
-- forwarded at most once within 48 hours (Meta's deduplication window). Only the function, with
-- the service role, reads or writes it: RLS is on with no policy, and anon/authenticated have no
-- grant on the table or the functions.
create table if not exists public.conversion_event_ids (
  event_id text primary key check (char_length(event_id) between 1 and 100),
  forwarded_at timestamptz not null default now()
);

alter table public.conversion_event_ids enable row level security;
revoke all on table public.conversion_event_ids from public, anon, authenticated;
grant select, insert, delete on table public.conversion_event_ids to service_role;

create index if not exists conversion_event_ids_forwarded_at on public.conversion_event_ids (forwarded_at);

-- Records an id; false when it was recorded within the last 48 hours (a replay). Atomic:
-- two concurrent claims of one id cannot both succeed.
create or replace function public.claim_conversion_event_id(p_event_id text)
returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  claimed boolean;
begin
  delete from public.conversion_event_ids
  where event_id = p_event_id and forwarded_at < now() - interval '48 hours';
  insert into public.conversion_event_ids (event_id) values (p_event_id)
  on conflict (event_id) do nothing;
  get diagnostics claimed = row_count;
  -- Housekeeping: expired ids of other events.
  delete from public.conversion_event_ids where forwarded_at < now() - interval '48 hours';
  return claimed;
end;
$$;

-- Forgets an id whose event was not delivered, so the page's retry can send it.
create or replace function public.release_conversion_event_id(p_event_id text)
returns void
language sql
security invoker
set search_path = ''
as $$
  delete from public.conversion_event_ids where event_id = p_event_id;
$$;

revoke all on function public.claim_conversion_event_id(text) from public, anon, authenticated;
revoke all on function public.release_conversion_event_id(text) from public, anon, authenticated;
grant execute on function public.claim_conversion_event_id(text) to service_role;
grant execute on function public.release_conversion_event_id(text) to service_role;
