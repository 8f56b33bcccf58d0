-- Google Ads, the ledger's second destination (docs/google-ads.md). A consented conversion whose
-- visit came from a Google ad (a gclid, gbraid or wbraid) gets a row here, recorded with it in
-- record_conversion, and is delivered to Google's Data Manager API by the same endpoint and
-- scheduled run as Meta's, each destination with its own state, attempts and reason: a Google
-- outage never holds Meta back, and the reverse.
--
-- What Google needs (the click id, the times, consent) is in `google_event` only, and only while
-- it may still be sent or read back: it is erased once Google has processed or refused the event,
-- or the click is 90 days old (Google takes no conversion for an older click).
--
-- Admins read every column but google_event; only the service role writes.

create table public.conversion_google_ads (
  event_id text primary key references public.conversions (event_id) on delete cascade,
  click_kind text not null check (click_kind in ('gclid', 'gbraid', 'wbraid')),
  click_time timestamptz not null,
  -- The event as google-ads.ts sends it (GoogleAdsEvent). Null once done, or never kept.
  google_event jsonb,
  -- pending: to be sent, not before next_attempt_at (the click's age Google asks for, then the
  --   backoff); sent: Google has the request (request_id), its processing is read at next_attempt_at;
  -- delivered: Google processed it; partial: Google processed the request it was in with some
  --   events refused and does not say which (the reason in last_error_*); failed: Google refused
  --   it; expired: its click was 90 days old before it went; not_configured: Google Ads was not
  --   set up when it was recorded (counted, never sent).
  state text not null check (state in ('pending', 'sent', 'delivered', 'partial', 'failed', 'expired', 'not_configured')),
  attempts integer not null default 0,
  next_attempt_at timestamptz,
  request_id text check (char_length(request_id) <= 200),
  sent_at timestamptz,
  last_error_reason text check (char_length(last_error_reason) <= 200),
  last_error_message text check (char_length(last_error_message) <= 1000),
  delivered_at timestamptz,
  check ((state in ('pending', 'sent')) = (next_attempt_at is not null)),
  check (state not in ('pending', 'sent') or google_event is not null),
  check (state <> 'sent' or request_id is not null)
);

create index conversion_google_ads_due on public.conversion_google_ads (next_attempt_at) where state in ('pending', 'sent');
create index conversion_google_ads_request on public.conversion_google_ads (request_id) where state = 'sent';

-- One row: how delivery to Google stands. `paused` while Google refuses the key, the account or a
-- conversion action: events stay pending and each run tries one batch until Google accepts again.
create table public.google_ads_delivery_status (
  id boolean primary key default true check (id),
  paused boolean not null default false,
  problem_reason text check (char_length(problem_reason) <= 200),
  problem_message text check (char_length(problem_message) <= 1000),
  problem_at timestamptz,
  last_success_at timestamptz,
  last_run_at timestamptz
);
insert into public.google_ads_delivery_status (id) values (true) on conflict do nothing;

alter table public.conversion_google_ads enable row level security;
alter table public.google_ads_delivery_status enable row level security;
revoke all on table public.conversion_google_ads, public.google_ads_delivery_status from public, anon, authenticated;
grant select (
  event_id, click_kind, click_time, state, attempts, next_attempt_at, request_id, sent_at,
  last_error_reason, last_error_message, delivered_at
) on table public.conversion_google_ads to authenticated;
grant select on table public.google_ads_delivery_status to authenticated;
grant all on table public.conversion_google_ads, public.google_ads_delivery_status to service_role;

create policy "Admins read Google Ads deliveries"
  on public.conversion_google_ads for select
  to authenticated
  using (public.has_role((select auth.uid()), 'admin'));

create policy "Admins read the Google Ads delivery status"
  on public.google_ads_delivery_status for select
  to authenticated
  using (public.has_role((select auth.uid()), 'admin'));

-- As before (20261126000000), and the row's `google_ads` part {click_kind, click_time,
-- google_event, state ('pending' or 'not_configured'), not_before} becomes its Google row when the
-- conversion is recorded (or a count becomes the consented event): only for a consented
-- conversion that is not an admin's own visit.
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
  if row_count > 0 and jsonb_typeof(p_row -> 'google_ads') = 'object' then
    insert into public.conversion_google_ads (event_id, click_kind, click_time, google_event, state, next_attempt_at)
    select c.event_id, g.click_kind, g.click_time,
           case when g.state = 'pending' then g.google_event end, g.state,
           case when g.state = 'pending' then greatest(coalesce(g.not_before, now()), now()) end
      from jsonb_to_record(p_row -> 'google_ads') as g (
        click_kind text, click_time timestamptz, google_event jsonb, state text, not_before timestamptz
      )
      join public.conversions c on c.event_id = p_row ->> 'event_id' and c.consented and not c.admin_visit
    on conflict (event_id) do nothing;
  end if;
  return case when row_count > 0 then 'recorded' else 'duplicate' end;
end;
$$;

-- Claims Google events due to be sent, as claim_conversions does for Meta: pending and due (a
-- click 90 days old expires first and loses its data), held for p_lease_seconds, never by two
-- runs at once. `p_event_id`: that one only.
create or replace function public.claim_google_ads(p_limit integer, p_event_id text default null, p_lease_seconds integer default 120)
returns table (event_id text, google_event jsonb, attempts integer, click_time timestamptz)
language plpgsql
security invoker
set search_path = ''
as $$
begin
  update public.conversion_google_ads g
     set state = 'expired', google_event = null, next_attempt_at = null,
         last_error_reason = 'CLICK_TOO_OLD',
         last_error_message = 'The ad click was over 90 days old before Google took the conversion.'
   where g.state = 'pending' and g.click_time < now() - interval '90 days';
  return query
    update public.conversion_google_ads g
       set attempts = g.attempts + 1,
           next_attempt_at = now() + make_interval(secs => greatest(p_lease_seconds, 1))
     where g.event_id in (
       select d.event_id from public.conversion_google_ads d
        where d.state = 'pending' and d.next_attempt_at <= now()
          and (p_event_id is null or d.event_id = p_event_id)
        order by d.next_attempt_at
        limit greatest(least(p_limit, 2000), 0)
        for update skip locked
     )
    returning g.event_id, g.google_event, g.attempts, g.click_time;
end;
$$;

-- Claims sent events whose processing is due to be read back from Google, held likewise.
create or replace function public.claim_google_ads_checks(p_limit integer, p_lease_seconds integer default 120)
returns table (event_id text, request_id text, google_event jsonb, sent_at timestamptz)
language plpgsql
security invoker
set search_path = ''
as $$
begin
  return query
    update public.conversion_google_ads g
       set next_attempt_at = now() + make_interval(secs => greatest(p_lease_seconds, 1))
     where g.event_id in (
       select d.event_id from public.conversion_google_ads d
        where d.state = 'sent' and d.next_attempt_at <= now()
        order by d.next_attempt_at
        limit greatest(least(p_limit, 2000), 0)
        for update skip locked
     )
    returning g.event_id, g.request_id, g.google_event, g.sent_at;
end;
$$;

-- Applies Google's answers. Each element of p_outcomes: {event_id, outcome, request_id?, reason?,
-- message?, next_attempt_at?} with outcome
--   sent (pending → sent: request_id, read back at next_attempt_at), check (sent stays sent, read
--   back at next_attempt_at), retry (pending stays pending until next_attempt_at), delivered,
--   partial or failed (done: the data erased).
-- p_status, when given, is the run's verdict on delivery to Google as a whole: {ok, paused,
-- problem_reason?, problem_message?}.
create or replace function public.settle_google_ads(p_outcomes jsonb, p_status jsonb default null)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  update public.conversion_google_ads g
     set state = case o.outcome
                   when 'sent' then 'sent' when 'check' then 'sent' when 'retry' then 'pending'
                   else o.outcome end,
         request_id = case when o.outcome = 'sent' then left(o.request_id, 200) else g.request_id end,
         sent_at = case when o.outcome = 'sent' then now() else g.sent_at end,
         next_attempt_at = case when o.outcome in ('sent', 'check', 'retry') then coalesce(o.next_attempt_at, now() + interval '1 minute') end,
         google_event = case when o.outcome in ('delivered', 'partial', 'failed') then null else g.google_event end,
         delivered_at = case when o.outcome in ('delivered', 'partial') then now() else g.delivered_at end,
         last_error_reason = case when o.outcome in ('sent', 'delivered') then null else coalesce(left(o.reason, 200), g.last_error_reason) end,
         last_error_message = case when o.outcome in ('sent', 'delivered') then null else coalesce(left(o.message, 1000), g.last_error_message) end
    from jsonb_to_recordset(coalesce(p_outcomes, '[]')) as o (
      event_id text, outcome text, request_id text, reason text, message text, next_attempt_at timestamptz
    )
   where g.event_id = o.event_id
     and ((o.outcome in ('sent', 'retry') and g.state = 'pending')
       or (o.outcome = 'check' and g.state = 'sent')
       or (o.outcome in ('delivered', 'partial', 'failed') and g.state in ('pending', 'sent')))
     and (o.outcome <> 'sent' or o.request_id is not null);
  if p_status is not null then
    update public.google_ads_delivery_status s
       set last_run_at = now(),
           paused = coalesce((p_status ->> 'paused')::boolean, false),
           last_success_at = case when (p_status ->> 'ok')::boolean then now() else s.last_success_at end,
           problem_reason = case when p_status ? 'problem_message' then left(p_status ->> 'problem_reason', 200) else s.problem_reason end,
           problem_message = case when p_status ? 'problem_message' then left(p_status ->> 'problem_message', 1000) else s.problem_message end,
           problem_at = case when p_status ? 'problem_message' then now() else s.problem_at end
     where s.id;
  end if;
end;
$$;

-- As before (20261125000000), and Google's data of a click 90 days old is erased (a pending one
-- expires; a sent one is left to be read back, its data too until then).
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
  update public.conversion_google_ads
     set google_event = null, state = 'expired', next_attempt_at = null,
         last_error_reason = 'CLICK_TOO_OLD',
         last_error_message = 'The ad click was over 90 days old before Google took the conversion.'
   where state = 'pending' and click_time < now() - interval '90 days';
  delete from public.conversions where received_at < now() - make_interval(months => greatest(p_retention_months, 1));
  get diagnostics deleted = row_count;
  return deleted;
end;
$$;

revoke all on function public.claim_google_ads(integer, text, integer) from public, anon, authenticated;
revoke all on function public.claim_google_ads_checks(integer, integer) from public, anon, authenticated;
revoke all on function public.settle_google_ads(jsonb, jsonb) from public, anon, authenticated;
grant execute on function public.claim_google_ads(integer, text, integer) to service_role;
grant execute on function public.claim_google_ads_checks(integer, integer) to service_role;
grant execute on function public.settle_google_ads(jsonb, jsonb) to service_role;

-- The Conversions tab's Google Ads part, for the period: rows by state (visitors' conversions
-- only), how many wait for the click's age Google asks for and when the next is due, the newest
-- reasons Google gave, and how delivery stands. Admins only; no click id.
create or replace function public.google_ads_report(p_days integer)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  since timestamptz := ((now() at time zone 'UTC')::date - (greatest(least(p_days, 400), 1) - 1))::timestamp at time zone 'UTC';
  result jsonb;
begin
  if not public.has_role((select auth.uid()), 'admin') then
    raise exception 'only admins read conversions' using errcode = '42501';
  end if;
  with period as (
    select g.state, g.attempts, g.next_attempt_at, g.last_error_reason, g.last_error_message, g.delivered_at
      from public.conversion_google_ads g
      join public.conversions c on c.event_id = g.event_id
     where c.received_at >= since and not c.admin_visit
  )
  select jsonb_build_object(
    'by_state', coalesce((select jsonb_object_agg(s.state, s.n) from (select state, count(*) as n from period group by 1) s), '{}'),
    'waiting_for_click_age', (select count(*) from period where state = 'pending' and attempts = 0 and next_attempt_at > now()),
    'next_due_at', (select min(next_attempt_at) from period where state = 'pending'),
    'reasons', coalesce((select jsonb_agg(jsonb_build_object('state', r.state, 'reason', r.reason, 'message', r.message, 'n', r.n) order by r.n desc) from (
        select state, last_error_reason as reason, min(last_error_message) as message, count(*) as n
          from period where state in ('failed', 'partial', 'expired', 'pending') and (last_error_reason is not null or last_error_message is not null)
         group by 1, 2 limit 20) r), '[]'),
    'last_delivered_at', (select max(g.delivered_at) from public.conversion_google_ads g),
    'status', (select to_jsonb(s) - 'id' from public.google_ads_delivery_status s where s.id)
  ) into result;
  return result;
end;
$$;

-- The CSV export: as before (20261126000000), with each conversion's Google Ads delivery.
drop function public.conversion_rows(integer);
create function public.conversion_rows(p_days integer)
returns table (
  event_id text, received_at timestamptz, event_time timestamptz, event_name text, conversion_type text,
  page_path text, utm_source text, utm_medium text, utm_campaign text, utm_content text, utm_term text,
  referrer_host text, landing_path text, had_fbclid boolean, had_gclid boolean, consented boolean,
  state text, attempts integer, last_error_code integer, last_error_message text, delivered_at timestamptz,
  google_state text, google_attempts integer, google_error_reason text, google_error_message text, google_delivered_at timestamptz
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
           c.had_fbclid, c.had_gclid, c.consented, c.state, c.attempts, c.last_error_code, c.last_error_message, c.delivered_at,
           g.state, g.attempts, g.last_error_reason, g.last_error_message, g.delivered_at
      from public.conversions c
      left join public.conversion_google_ads g on g.event_id = c.event_id
     where c.received_at >= ((now() at time zone 'UTC')::date - (greatest(least(p_days, 400), 1) - 1))::timestamp at time zone 'UTC'
       and not c.admin_visit
     order by c.received_at desc;
end;
$$;

revoke all on function public.google_ads_report(integer) from public, anon;
revoke all on function public.conversion_rows(integer) from public, anon;
grant execute on function public.google_ads_report(integer) to authenticated;
grant execute on function public.conversion_rows(integer) to authenticated;
