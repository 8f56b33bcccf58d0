-- Three changes to the conversions ledger (20261125000000_conversions.sql):
--
-- 1. `meta_event` (the visitor's IP address, user agent, fbc, fbp and hashed external_id, kept
--    while the event may still be sent) is for the service role only. Admins read the other
--    columns: the grant is per column, so `select=meta_event`, `select=*`, a filter on it and the
--    row as a whole are refused (42501), and a column added later is not readable until it is
--    granted here. The admin's functions name their columns.
-- 2. An admin's own visit: a conversion sent from a browser signed in as an admin (the endpoint
--    checks the session with Supabase Auth and has_role) is recorded with `admin_visit` and the
--    state 'admin_visit': nothing kept for Meta, never claimed by delivery, left out of the
--    report's counts and the export, and counted apart (`admin_visits`).
-- 3. Retry failed answers how many refused events went back to pending and how many stay
--    refused, so the tab can say there was nothing to retry.

revoke select on table public.conversions from authenticated;
grant select (
  event_id, event_name, conversion_type, event_time, received_at, endpoint, page_path,
  utm_source, utm_medium, utm_campaign, utm_content, utm_term, referrer_host, landing_path,
  had_fbclid, had_gclid, consented, state, attempts, next_attempt_at, last_error_code,
  last_error_message, fbtrace_id, delivered_at
) on table public.conversions to authenticated;

alter table public.conversions add column admin_visit boolean not null default false;
grant select (admin_visit) on table public.conversions to authenticated;
alter table public.conversions drop constraint conversions_state_check;
alter table public.conversions add constraint conversions_state_check
  check (state in ('pending', 'delivered', 'failed', 'expired', 'not_configured', 'not_consented', 'admin_visit'));
-- An own visit holds nothing for Meta; the mark and the state go together.
alter table public.conversions add constraint conversions_admin_visit_check
  check (admin_visit = (state = 'admin_visit') and (not admin_visit or meta_event is null));

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
    had_fbclid, had_gclid, consented, meta_event, state, next_attempt_at, admin_visit
  )
  select r.event_id, r.event_name, r.conversion_type, r.event_time, r.endpoint, r.page_path,
         r.utm_source, r.utm_medium, r.utm_campaign, r.utm_content, r.utm_term, r.referrer_host, r.landing_path,
         coalesce(r.had_fbclid, false), coalesce(r.had_gclid, false), r.consented, r.meta_event, r.state,
         case when r.state = 'pending' then now() end, coalesce(r.admin_visit, false)
    from jsonb_to_record(p_row) as r (
      event_id text, event_name text, conversion_type text, event_time timestamptz, endpoint text, page_path text,
      utm_source text, utm_medium text, utm_campaign text, utm_content text, utm_term text, referrer_host text,
      landing_path text, had_fbclid boolean, had_gclid boolean, consented boolean, meta_event jsonb, state text,
      admin_visit boolean
    )
  on conflict (event_id) do update
    set consented = excluded.consented,
        meta_event = excluded.meta_event,
        state = excluded.state,
        next_attempt_at = excluded.next_attempt_at,
        had_fbclid = excluded.had_fbclid,
        had_gclid = excluded.had_gclid,
        referrer_host = excluded.referrer_host,
        landing_path = excluded.landing_path,
        admin_visit = excluded.admin_visit
    where c.state = 'not_consented' and excluded.consented;
  get diagnostics row_count = row_count;
  return case when row_count > 0 then 'recorded' else 'duplicate' end;
end;
$$;

-- As before, over the visitors' conversions only (the columns named: admins may not read
-- meta_event), plus `admin_visits`, the period's own visits.
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
  with everything as (
    select c.received_at, c.conversion_type, c.event_name, c.utm_source, c.utm_campaign, c.state, c.admin_visit
      from public.conversions c where c.received_at >= since
  ), period as (
    select * from everything where not admin_visit
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
    'admin_visits', (select count(*) from everything where admin_visit),
    'last_delivered_at', (select max(c.delivered_at) from public.conversions c),
    'status', (select to_jsonb(s) - 'id' from public.conversion_delivery_status s where s.id)
  ) into result;
  return result;
end;
$$;

-- The CSV export: the visitors' conversions of the period, as before (own visits are not conversions).
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
       and not c.admin_visit
     order by c.received_at desc;
end;
$$;

-- "Retry failed": failed events still young enough for Meta, and still holding what Meta needs,
-- go back to pending, due now. Answers {retried, not_retried}: not_retried counts the refused
-- events left as they are (older than 7 days, or their personal data already erased).
drop function public.retry_failed_conversions();
create function public.retry_failed_conversions()
returns jsonb
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
  return jsonb_build_object('retried', n, 'not_retried', (select count(*) from public.conversions where state = 'failed'));
end;
$$;

revoke all on function public.retry_failed_conversions() from public, anon;
grant execute on function public.retry_failed_conversions() to authenticated;
