/**
 * POST /api/track-conversion (Cloudflare Pages Function): records a conversion in the ledger
 * (Supabase, through PostgREST with SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY from the Pages
 * project's environment), answers, then sends it to Meta in `waitUntil`. Settings: README
 * "Environment variables" (locally `--binding` or `.dev.vars`); the client IP from
 * `CF-Connecting-IP`. The rate limit uses a Workers rate limiting binding `TRACK_RATE_LIMITER`
 * when one is bound, else a counter in this isolate (Pages cannot bind one: docs/tracking.md).
 */
import { adminVisitFromEnv } from '../../supabase/functions/_shared/admin-visit.ts';
import { ledgerFromEnv, type LedgerEnv } from '../../supabase/functions/_shared/conversion-ledger.ts';
import { defaultDeps, handleTrackConversion, memoryLimiter, type TrackEnv } from '../../supabase/functions/_shared/track-conversion.ts';
import { bindingLimiter, type RateLimitBinding, type RateLimiter } from '../../supabase/functions/_shared/track-guards.ts';

interface PagesEnv extends TrackEnv, LedgerEnv {
  TRACK_RATE_LIMITER?: RateLimitBinding;
}

interface PagesContext {
  request: Request;
  env: PagesEnv;
  waitUntil: (promise: Promise<unknown>) => void;
}

// Per isolate, when no binding is there (and under `npm run dev`, where env is process.env).
let isolateLimiter: RateLimiter | undefined;

export const onRequest = ({ request, env, waitUntil }: PagesContext): Promise<Response> =>
  handleTrackConversion(request, env, defaultDeps(), {
    cors: false,
    endpoint: 'pages',
    clientIpSource: 'cf-connecting-ip',
    rateLimiter: env.TRACK_RATE_LIMITER ? bindingLimiter(env.TRACK_RATE_LIMITER) : (isolateLimiter ??= memoryLimiter(env)),
    ledger: ledgerFromEnv(env),
    background: (work) => waitUntil(work),
    adminVisit: adminVisitFromEnv(env),
  });
