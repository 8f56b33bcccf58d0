/**
 * /functions/v1/<name>: the platform's JWT check (verify_jwt), then the same `_shared` handlers
 * the Deno entry files serve, with upstream base URLs from the environment.
 */
import { postgrestLedger } from '../functions/_shared/conversion-ledger.ts';
import { testEventHandler } from '../functions/_shared/conversions-test-event.ts';
import { deliverHandler, type DeliverEnv } from '../functions/_shared/deliver-conversions.ts';
import { type GhlEnv, GHL_FUNCTIONS, type GhlFunctionName, ghlHandler } from '../functions/_shared/ghl.ts';
import { googleAdsCheckHandler } from '../functions/_shared/google-ads-check.ts';
import { defaultDeps } from '../functions/_shared/track-conversion.ts';
import { corsHeaders } from '../functions/_shared/http.ts';
import { createHandler as trackConversionHandler, envFrom } from '../functions/track-conversion/handler.ts';
import type { StandinConfig } from './config.ts';
import { publicUrl } from './config.ts';
import { isLocalOrigin, json } from './gateway.ts';
import { bearerToken, verifyJwt } from './jwt.ts';

export type FunctionHandler = (request: Request) => Promise<Response>;

/** Functions deployed with `verify_jwt = false` (supabase/config.toml): they validate their own input. */
const PUBLIC_FUNCTIONS = new Set(['track-conversion', 'deliver-conversions']);

/** The delivery's settings, as Supabase gives its functions: the project's URL and service role key. */
export function deliverEnvFrom(config: StandinConfig, env: NodeJS.ProcessEnv): DeliverEnv & { SUPABASE_URL: string; SUPABASE_SERVICE_ROLE_KEY: string } {
  return {
    ...envFrom((name) => env[name]),
    DELIVER_CONVERSIONS_KEY: env.DELIVER_CONVERSIONS_KEY,
    CONVERSIONS_RETENTION_MONTHS: env.CONVERSIONS_RETENTION_MONTHS,
    SUPABASE_URL: publicUrl(config),
    SUPABASE_SERVICE_ROLE_KEY: config.serviceRoleKey,
  };
}

export function functionRegistry(config: StandinConfig, env: NodeJS.ProcessEnv): Map<string, FunctionHandler> {
  // Getters: the settings are read per call, so a running stand-in follows config changes.
  const ghlEnv: GhlEnv = {
    get supabaseUrl() {
      return publicUrl(config);
    },
    get anonKey() {
      return config.anonKey;
    },
    get ghlApiBase() {
      return config.ghlApiBase;
    },
    get ghlApiToken() {
      return config.ghlApiToken;
    },
  };
  if (env.GHL_LOCATION_ID) ghlEnv.ghlLocationId = env.GHL_LOCATION_ID;
  const registry = new Map<string, FunctionHandler>();
  for (const name of GHL_FUNCTIONS) registry.set(name, ghlHandler(name as GhlFunctionName, ghlEnv));
  // Without ALLOWED_ORIGINS, the site's own local origin (any port) may call it, as in production
  // the site's origin is listed there.
  const localSite = (request: Request) => {
    const origin = request.headers.get('origin');
    return isLocalOrigin(origin) ? origin : undefined;
  };
  // As on Supabase, where every function gets its project's URL and service role key: the
  // ledger is this stand-in's PostgREST over its PGlite.
  const deliverEnv = deliverEnvFrom(config, env);
  registry.set('track-conversion', trackConversionHandler(deliverEnv, undefined, localSite));
  const ledger = postgrestLedger({ url: deliverEnv.SUPABASE_URL, serviceKey: config.serviceRoleKey });
  registry.set('deliver-conversions', deliverHandler(ledger, deliverEnv, defaultDeps('deliver-conversions')));
  // The test event's page is on the stand-in's site (STANDIN_SITE_URL), as SITE_URL names it on Supabase.
  const testEventEnv = { ...deliverEnv, SITE_URL: env.SITE_URL || config.siteUrl };
  registry.set('conversions-test-event', testEventHandler(testEventEnv, ghlEnv, defaultDeps('conversions-test-event')));
  registry.set('google-ads-check', googleAdsCheckHandler(deliverEnv, ghlEnv, defaultDeps('google-ads-check')));
  return registry;
}

export async function handleFunction(registry: Map<string, FunctionHandler>, config: StandinConfig, request: Request, name: string): Promise<Response> {
  const handler = registry.get(name);
  if (!handler) return json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404);
  if (request.method !== 'OPTIONS' && !PUBLIC_FUNCTIONS.has(name)) {
    const token = bearerToken(request);
    const verified = token ? await verifyJwt(token, config.jwtSecret) : null;
    if (!verified?.ok) {
      return json({ code: 401, message: 'Invalid JWT' }, 401, {
        ...corsHeaders,
        'sb-error-code': token ? 'UNAUTHORIZED_INVALID_JWT_FORMAT' : 'UNAUTHORIZED_NO_AUTH_HEADER',
      });
    }
  }
  return handler(request);
}
