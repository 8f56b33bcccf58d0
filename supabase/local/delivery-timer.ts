/**
 * What Supabase Cron does in production: run deliver-conversions every minute. Here a timer
 * calls the same run in process (STANDIN_DELIVERY_INTERVAL_MS, default 60 000; 0 turns it off).
 * Runs never overlap: the next one is scheduled when the last has finished.
 */
import { postgrestLedger } from '../functions/_shared/conversion-ledger.ts';
import { runDelivery, type DeliverEnv } from '../functions/_shared/deliver-conversions.ts';
import { defaultDeps } from '../functions/_shared/track-conversion.ts';

export interface DeliveryTimer {
  stop(): Promise<void>;
}

export function startDeliveryTimer(
  env: DeliverEnv & { SUPABASE_URL: string; SUPABASE_SERVICE_ROLE_KEY: string },
  intervalMs: number,
  log: (line: string) => void,
): DeliveryTimer {
  if (intervalMs <= 0) return { stop: async () => undefined };
  const ledger = postgrestLedger({ url: env.SUPABASE_URL, serviceKey: env.SUPABASE_SERVICE_ROLE_KEY });
  const deps = defaultDeps('deliver-conversions');
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = () => {
    running = runDelivery(ledger, env, deps)
      .then((result) => {
        if (result.configured && (result.delivered || result.retried || result.failed)) {
          log(`delivery: ${result.delivered} delivered, ${result.retried} to retry, ${result.failed} failed`);
        }
      })
      .catch((error: unknown) => log(`delivery run failed: ${String(error)}`))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, intervalMs);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
