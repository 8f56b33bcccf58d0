-- The conversions ledger: one row per event_id, written by both track-conversion endpoints before
-- they answer, delivered to the Meta Conversions API by the endpoint at once and by the scheduled
-- deliver-conversions function until Meta has it. The primary key is the deduplication: a replayed
-- id is one row, one delivery.
--
-- What Meta needs about the visitor (IP, user agent, fbc, fbp, hashed external_id) is in
-- `meta_event` only, and only while the event may still be sent: it is erased once the event is
-- delivered or 7 days old (Meta refuses older events). A conversion without the visitor's consent
-- has no `meta_event` at all and is never sent. Rows are kept 13 months (purge_conversions).
--
-- Admins read (RLS); only the service role writes. Anonymous visitors and members read nothing
-- and execute none of the functions below.

create table public.conversions (
  event_id text primary key check (event_id ~ '^[A-Za-z0-9_.:-]{1,100}$'),
  event_name text not null check (event_name in ('Lead', 'Schedule', 'CompleteRegistration', 'Contact')),
  conversion_type text check (conversion_type in ('lead_form', 'call_scheduling', 'resource_registration', 'contact')),
  event_time timestamptz not null,
  received_at timestamptz not null default now(),
  -- Which endpoint recorded it: the site's Pages Function or the Supabase Edge Function.
  endpoint text not null check (endpoint in ('pages', 'edge')),
  page_path text not null check (char_length(page_path) <= 2048),
  utm_source text check (char_length(utm_source) <= 256),
  utm_medium text check (char_length(utm_medium) <= 256),
  utm_campaign text check (char_length(utm_campaign) <= 256),
  utm_content text check (char_length(utm_content) <= 256),
  utm_term text check (char_length(utm_term) <= 256),
  referrer_host text check (char_length(referrer_host) <= 256),
  landing_path text check (char_length(landing_path) <= 2048),
  had_fbclid boolean not null default false,
  had_gclid boolean not null default false,
  consented boolean not null,
  -- The event as Meta receives it (with user_data). Null once delivered, 7 days old, or never sent.
  meta_event jsonb,
  -- pending: to be sent; delivered: Meta has it; failed: Meta refused it (last_error_*);
  -- expired: still undelivered when 7 days old; not_configured: the endpoint had no Meta settings;
  -- not_consented: counted only, never sent.
  state text not null check (state in ('pending', 'delivered', 'failed', 'expired', 'not_configured', 'not_consented')),
  attempts integer not null default 0,
  next_attempt_at timestamptz,
  last_error_code integer,
  last_error_message text check (char_length(last_error_message) <= 1000),
  fbtrace_id text check (char_length(fbtrace_id) <= 100),
  delivered_at timestamptz,
  check (state = 'pending' or next_attempt_at is null),
  -- Without consent: the type, the time, the page and the campaign tags only.
  check (consented or (meta_event is null and not had_fbclid and not had_gclid and referrer_host is null and landing_path is null)),
  check (state <> 'pending' or meta_event is not null)
);

create index conversions_received_at on public.conversions (received_at);
create index conversions_due on public.conversions (next_attempt_at) where state = 'pending';

-- One row: how delivery stands. `paused` while Meta refuses the token or permission (codes 190,
-- 102, 10, 200): events stay pending and each run tries one batch until Meta accepts again.
create table public.conversion_delivery_status (
  id boolean primary key default true check (id),
  paused boolean not null default false,
  problem_code integer,
  problem_message text check (char_length(problem_message) <= 1000),
  problem_at timestamptz,
  last_success_at timestamptz,
  last_run_at timestamptz,
  api_version text check (char_length(api_version) <= 20)
);
insert into public.conversion_delivery_status (id) values (true) on conflict do nothing;

alter table public.conversions enable row level security;
alter table public.conversion_delivery_status enable row level security;
revoke all on table public.conversions, public.conversion_delivery_status from public, anon, authenticated;
grant select on table public.conversions, public.conversion_delivery_status to authenticated;
grant all on table public.conversions, public.conversion_delivery_status to service_role;

create policy "Admins read conversions"
  on public.conversions for select
  to authenticated
  using (public.has_role((select auth.uid()), 'admin'));

create policy "Admins read the delivery status"
  on public.conversion_delivery_status for select
  to authenticated
  using (public.has_role((select auth.uid()), 'admin'));

-- Records a conversion (the endpoints, with the service role). 'recorded' for a new id;
-- 'duplicate' for an id already recorded, except that a count recorded without consent becomes
-- the consented event when the visitor agrees on the same page ('recorded' again).
create or replace function public.record_conversion(p_row jsonb)
returns text
language plpgsql
security invoker
set search_path = ''
as $$
declare
  row_count integer;
begin
  insert into public.conversions as c (
    event_id, event_name, conversion_type, event_time, endpoint, page_path,
    utm_source, utm_medium, utm_campaign, utm_content, utm_term, referrer_host, landing_path,
    had_fbclid, had_gclid, consented, meta_event, state, next_attempt_at
  )
  select r.event_id, r.event_name, r.conversion_type, r.event_time, r.endpoint, r.page_path,
         r.utm_source, r.utm_medium, r.utm_campaign, r.utm_content, r.utm_term, r.referrer_host, r.landing_path,
         coalesce(r.had_fbclid, false), coalesce(r.had_gclid, false), r.consented, r.meta_event, r.state,
         case when r.state = 'pending' then now() end
    from jsonb_to_record(p_row) as r (
      event_id text, event_name text, conversion_type text, event_time timestamptz, endpoint text, page_path text,
      utm_source text, utm_medium text, utm_campaign text, utm_content text, utm_term text, referrer_host text,
      landing_path text, had_fbclid boolean, had_gclid boolean, consented boolean, meta_event jsonb, state text
    )
  on conflict (event_id) do update
    set consented = excluded.consented,
        meta_event = excluded.meta_event,
        state = excluded.state,
        next_attempt_at = excluded.next_attempt_at,
        had_fbclid = excluded.had_fbclid,
        had_gclid = excluded.had_gclid,
        referrer_host = excluded.referrer_host,
        landing_path = excluded.landing_path
    where c.state = 'not_consented' and excluded.consented;
  get diagnostics row_count = row_count;
  return case when row_count > 0 then 'recorded' else 'duplicate' end;
end;
$$;

-- Claims due events for one delivery attempt: pending, due, not older than 7 days (older ones
-- become expired and lose their personal data first). `p_event_id` claims that one event only
-- (the endpoint's attempt right after recording). Rows another run holds are skipped, and a
-- claimed row is not due again for `p_lease_seconds`, so two runs never send the same event.
create or replace function public.claim_conversions(p_limit integer, p_event_id text default null, p_lease_seconds integer default 120)
returns table (event_id text, meta_event jsonb, attempts integer, event_time timestamptz, received_at timestamptz)
language plpgsql
security invoker
set search_path = ''
as $$
begin
  update public.conversions c
     set state = 'expired', meta_event = null, next_attempt_at = null
   where c.state = 'pending' and c.event_time < now() - interval '7 days';
  return query
    update public.conversions c
       set attempts = c.attempts + 1,
           next_attempt_at = now() + make_interval(secs => greatest(p_lease_seconds, 1))
     where c.event_id in (
       select d.event_id from public.conversions d
        where d.state = 'pending' and d.next_attempt_at <= now()
          and (p_event_id is null or d.event_id = p_event_id)
        order by d.next_attempt_at
        limit greatest(least(p_limit, 1000), 0)
        for update skip locked
     )
    returning c.event_id, c.meta_event, c.attempts, c.event_time, c.received_at;
end;
$$;

-- Applies Meta's answers. Each element of p_outcomes: {event_id, outcome, code?, message?,
-- fbtrace_id?, next_attempt_at?} with outcome delivered | retry | failed. p_status, when given,
-- is the run's verdict on delivery as a whole: {ok, paused, problem_code?, problem_message?,
-- api_version?}.
create or replace function public.settle_conversions(p_outcomes jsonb, p_status jsonb default null)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  update public.conversions c
     set state = case o.outcome when 'delivered' then 'delivered' when 'failed' then 'failed' else 'pending' end,
         delivered_at = case when o.outcome = 'delivered' then now() else c.delivered_at end,
         meta_event = case when o.outcome = 'delivered' then null else c.meta_event end,
         next_attempt_at = case when o.outcome = 'retry' then coalesce(o.next_attempt_at, now() + interval '1 minute') end,
         last_error_code = case when o.outcome = 'delivered' then c.last_error_code else o.code end,
         last_error_message = case when o.outcome = 'delivered' then c.last_error_message else left(o.message, 1000) end,
         fbtrace_id = coalesce(left(o.fbtrace_id, 100), c.fbtrace_id)
    from jsonb_to_recordset(coalesce(p_outcomes, '[]')) as o (
      event_id text, outcome text, code integer, message text, fbtrace_id text, next_attempt_at timestamptz
    )
   where c.event_id = o.event_id and c.state = 'pending' and o.outcome in ('delivered', 'retry', 'failed');
  if p_status is not null then
    update public.conversion_delivery_status s
       set last_run_at = now(),
           api_version = coalesce(left(p_status ->> 'api_version', 20), s.api_version),
           paused = coalesce((p_status ->> 'paused')::boolean, false),
           last_success_at = case when (p_status ->> 'ok')::boolean then now() else s.last_success_at end,
           problem_code = case when p_status ? 'problem_message' then (p_status ->> 'problem_code')::integer else s.problem_code end,
           problem_message = case when p_status ? 'problem_message' then left(p_status ->> 'problem_message', 1000) else s.problem_message end,
           problem_at = case when p_status ? 'problem_message' then now() else s.problem_at end
     where s.id;
  end if;
end;
$$;

-- Housekeeping, every delivery run: personal data of events older than 7 days is erased, rows
-- older than the retention (months) are deleted. Returns how many rows were deleted.
create or replace function public.purge_conversions(p_retention_months integer default 13)
returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  deleted integer;
begin
  update public.conversions
     set meta_event = null,
         state = case when state = 'pending' then 'expired' else state end,
         next_attempt_at = null
   where meta_event is not null and received_at < now() - interval '7 days';
  delete from public.conversions where received_at < now() - make_interval(months => greatest(p_retention_months, 1));
  get diagnostics deleted = row_count;
  return deleted;
end;
$$;

revoke all on function public.record_conversion(jsonb) from public, anon, authenticated;
revoke all on function public.claim_conversions(integer, text, integer) from public, anon, authenticated;
revoke all on function public.settle_conversions(jsonb, jsonb) from public, anon, authenticated;
revoke all on function public.purge_conversions(integer) from public, anon, authenticated;
grant execute on function public.record_conversion(jsonb) to service_role;
grant execute on function public.claim_conversions(integer, text, integer) to service_role;
grant execute on function public.settle_conversions(jsonb, jsonb) to service_role;
grant execute on function public.purge_conversions(integer) to service_role;

-- The admin's Conversions tab. Each checks the caller is an admin (members get an error), reads
-- through RLS, and returns no personal data.
create or replace function public.conversion_report(p_days integer)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  -- Whole UTC days, whatever the session's time zone (day arithmetic on timestamptz follows its DST).
  since timestamptz := ((now() at time zone 'UTC')::date - (greatest(least(p_days, 400), 1) - 1))::timestamp at time zone 'UTC';
  result jsonb;
begin
  if not public.has_role((select auth.uid()), 'admin') then
    raise exception 'only admins read conversions' using errcode = '42501';
  end if;
  with period as (
    select * from public.conversions where received_at >= since
  )
  select jsonb_build_object(
    'since', since,
    'by_type', coalesce((select jsonb_object_agg(t.type, t.n) from (
        select coalesce(conversion_type, event_name) as type, count(*) as n from period group by 1) t), '{}'),
    'by_day', coalesce((select jsonb_agg(jsonb_build_object('day', d.day, 'type', d.type, 'n', d.n) order by d.day, d.type) from (
        select to_char(received_at at time zone 'UTC', 'YYYY-MM-DD') as day, coalesce(conversion_type, event_name) as type, count(*) as n
          from period group by 1, 2) d), '[]'),
    'by_campaign', coalesce((select jsonb_agg(jsonb_build_object('source', c.source, 'campaign', c.campaign, 'type', c.type, 'n', c.n)
                                              order by c.source nulls first, c.campaign nulls first, c.type) from (
        select utm_source as source, utm_campaign as campaign, coalesce(conversion_type, event_name) as type, count(*) as n
          from period group by 1, 2, 3) c), '[]'),
    'by_state', coalesce((select jsonb_object_agg(s.state, s.n) from (
        select state, count(*) as n from period group by 1) s), '{}'),
    'last_delivered_at', (select max(delivered_at) from public.conversions),
    'status', (select to_jsonb(s) - 'id' from public.conversion_delivery_status s where s.id)
  ) into result;
  return result;
end;
$$;

-- The period's rows for the CSV export: no IP, user agent, click ids or external_id.
create or replace function public.conversion_rows(p_days integer)
returns table (
  event_id text, received_at timestamptz, event_time timestamptz, event_name text, conversion_type text,
  page_path text, utm_source text, utm_medium text, utm_campaign text, utm_content text, utm_term text,
  referrer_host text, landing_path text, had_fbclid boolean, had_gclid boolean, consented boolean,
  state text, attempts integer, last_error_code integer, last_error_message text, delivered_at timestamptz
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not public.has_role((select auth.uid()), 'admin') then
    raise exception 'only admins read conversions' using errcode = '42501';
  end if;
  return query
    select c.event_id, c.received_at, c.event_time, c.event_name, c.conversion_type, c.page_path,
           c.utm_source, c.utm_medium, c.utm_campaign, c.utm_content, c.utm_term, c.referrer_host, c.landing_path,
           c.had_fbclid, c.had_gclid, c.consented, c.state, c.attempts, c.last_error_code, c.last_error_message, c.delivered_at
      from public.conversions c
     where c.received_at >= ((now() at time zone 'UTC')::date - (greatest(least(p_days, 400), 1) - 1))::timestamp at time zone 'UTC'
     order by c.received_at desc;
end;
$$;

-- "Retry failed": failed events still young enough for Meta go back to pending, due now.
-- SECURITY DEFINER to write as the owner; it checks the caller is an admin first.
create or replace function public.retry_failed_conversions()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  n integer;
begin
  if not public.has_role((select auth.uid()), 'admin') then
    raise exception 'only admins retry conversions' using errcode = '42501';
  end if;
  update public.conversions
     set state = 'pending', next_attempt_at = now(), last_error_code = null, last_error_message = null
   where state = 'failed' and meta_event is not null and event_time >= now() - interval '7 days';
  get diagnostics n = row_count;
  return n;
end;
$$;

revoke all on function public.conversion_report(integer) from public, anon;
revoke all on function public.conversion_rows(integer) from public, anon;
revoke all on function public.retry_failed_conversions() from public, anon;
grant execute on function public.conversion_report(integer) to authenticated;
grant execute on function public.conversion_rows(integer) to authenticated;
grant execute on function public.retry_failed_conversions() to authenticated;

-- has_role answers for the caller's own id only (the storage and table policies ask about
-- auth.uid()); the service role and direct SQL (no JWT) may ask about anyone.
create or replace function public.has_role(_user_id uuid, _role public.app_role)
returns boolean
language sql
stable
security definer
set search_path = public
as $$
  select exists (
    select 1 from public.user_roles
     where user_id = _user_id and role = _role
       and (_user_id = auth.uid() or auth.role() = 'service_role' or auth.role() is null)
  )
$$;

-- The bucket's objects are served by their public URLs without this policy; listing them (with
-- owner ids) is for admins, who manage them.
drop policy if exists "Anyone can read videos" on storage.objects;
create policy "Admins can list videos"
  on storage.objects for select
  to authenticated
  using (bucket_id = 'videos' and public.has_role((select auth.uid()), 'admin'));

-- The ledger replaces the 48-hour id table.
drop function if exists public.claim_conversion_event_id(text);
drop function if exists public.release_conversion_event_id(text);
drop table if exists public.conversion_event_ids;
