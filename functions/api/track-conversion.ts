/**
 * POST /api/track-conversion (Cloudflare Pages Function): validates a conversion event and
 * forwards it to the Meta Conversions API. Settings come from the Pages project's
 * environment (README "Environment variables"; locally `--binding` or `.dev.vars`).
 */
import { defaultDeps, handleTrackConversion, type TrackEnv } from '../../supabase/functions/_shared/track-conversion.ts';

export const onRequest = ({ request, env }: { request: Request; env: TrackEnv }): Promise<Response> =>
  handleTrackConversion(request, env, defaultDeps(), { cors: false });
