/**
 * POST /api/track-conversion (Cloudflare Pages Function): validates a conversion event and
 * forwards it to the Meta Conversions API. Settings come from the Pages project's
 * environment (README "Environment variables"; locally `--binding` or `.dev.vars`); the
 * client IP from `CF-Connecting-IP`; event ids from the `TRACK_EVENT_IDS` KV namespace
 * (wrangler.toml). The rate limit uses a Workers rate limiting binding `TRACK_RATE_LIMITER` when
 * one is bound, else a counter in this isolate (Pages cannot bind one: docs/tracking.md).
 */
import { defaultDeps, handleTrackConversion, memoryLimiter, type TrackEnv } from '../../supabase/functions/_shared/track-conversion.ts';
import {
  bindingLimiter,
  kvEventIdStore,
  MemoryEventIdStore,
  type EventIdStore,
  type KvNamespace,
  type RateLimitBinding,
  type RateLimiter,
} from '../../supabase/functions/_shared/track-guards.ts';

interface PagesEnv extends TrackEnv {
  TRACK_EVENT_IDS?: KvNamespace;
  TRACK_RATE_LIMITER?: RateLimitBinding;
}

// Per isolate, for what has no binding (and under `npm run dev`, where env is process.env).
let isolateLimiter: RateLimiter | undefined;
let isolateEventIds: EventIdStore | undefined;

export const onRequest = ({ request, env }: { request: Request; env: PagesEnv }): Promise<Response> =>
  handleTrackConversion(request, env, defaultDeps(), {
    cors: false,
    clientIpSource: 'cf-connecting-ip',
    rateLimiter: env.TRACK_RATE_LIMITER ? bindingLimiter(env.TRACK_RATE_LIMITER) : (isolateLimiter ??= memoryLimiter(env)),
    eventIds: env.TRACK_EVENT_IDS ? kvEventIdStore(env.TRACK_EVENT_IDS) : (isolateEventIds ??= new MemoryEventIdStore()),
  });
