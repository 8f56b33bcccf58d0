-- The delivery schedule (Supabase Cron): every minute, pg_cron asks pg_net to POST to the
-- deliver-conversions Edge Function, which sends the ledger's due events to Meta. Supabase's
-- documented pattern: the project URL and the function's key are Vault secrets, read when the
-- job runs, so neither is written in this migration nor in cron.job:
--
--   select vault.create_secret('https://<project-ref>.supabase.co', 'project_url');
--   select vault.create_secret('<the key deliver-conversions accepts>', 'deliver_conversions_key');
--
-- Where pg_cron cannot run (PGlite, a PostgreSQL server without the library preloaded) this
-- migration schedules nothing and says so in a notice: it applies everywhere. Applying it again
-- is harmless: cron.schedule with a job name replaces that job.
do $migration$
declare
  preload text;
  net_ready boolean;
begin
  if not exists (select 1 from pg_extension where extname = 'pg_cron') then
    -- shared_preload_libraries is readable only by superusers and pg_read_all_settings.
    begin
      preload := coalesce(current_setting('shared_preload_libraries', true), '');
    exception when insufficient_privilege then
      preload := '';
    end;
    if 'pg_cron' = any (string_to_array(replace(replace(preload, '"', ''), ' ', ''), ',')) then
      if current_database() <> coalesce(current_setting('cron.database_name', true), 'postgres') then
        raise notice 'deliver-conversions is not scheduled: pg_cron runs in database %, not %',
          coalesce(current_setting('cron.database_name', true), 'postgres'), current_database();
        return;
      end if;
      create extension if not exists pg_cron with schema pg_catalog;
    elsif exists (select 1 from pg_available_extensions where name = 'pg_cron') then
      -- Installed but perhaps not loaded: pg_cron refuses to be created unless it is preloaded.
      begin
        create extension if not exists pg_cron with schema pg_catalog;
      exception when others then
        raise notice 'deliver-conversions is not scheduled: pg_cron could not be created (%)', sqlerrm;
        return;
      end;
    else
      raise notice 'deliver-conversions is not scheduled: pg_cron is not available on this server';
      return;
    end if;
  end if;

  -- pg_net sends the request (on Supabase it is enabled here or in the dashboard, Database >
  -- Extensions). Without it the job is still scheduled: its runs fail, visibly in
  -- cron.job_run_details, until pg_net is enabled.
  if not exists (select 1 from pg_extension where extname = 'pg_net')
     and exists (select 1 from pg_available_extensions where name = 'pg_net') then
    if exists (select 1 from pg_namespace where nspname = 'extensions') then
      create extension if not exists pg_net with schema extensions;
    else
      create extension if not exists pg_net;
    end if;
  end if;
  select exists (
    select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'net' and p.proname = 'http_post'
  ) into net_ready;
  if not net_ready then
    raise notice 'deliver-conversions is scheduled, but net.http_post is missing: enable pg_net';
  end if;
  if to_regclass('vault.decrypted_secrets') is null then
    raise notice 'deliver-conversions is scheduled, but Vault is missing: its runs need the secrets project_url and deliver_conversions_key';
  elsif to_regclass('vault.secrets') is not null then
    -- The names only (vault.secrets holds them encrypted): a reminder, not a condition.
    begin
      if (select count(distinct name) from vault.secrets where name in ('project_url', 'deliver_conversions_key')) < 2 then
        raise notice 'deliver-conversions is scheduled: create the Vault secrets project_url and deliver_conversions_key (vault.create_secret) before its runs can call the function';
      end if;
    exception when insufficient_privilege then
      null;
    end;
  end if;

  perform cron.schedule(
    'deliver-conversions',
    '* * * * *',
    $job$
    select net.http_post(
      url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/deliver-conversions',
      headers := jsonb_build_object(
        'Content-Type', 'application/json',
        'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'deliver_conversions_key')
      ),
      body := '{}'::jsonb,
      timeout_milliseconds := 55000
    ) as request_id;
    $job$
  );
end
$migration$;
