/**
 * Settings of the local stand-in. Every value has a documented development default (the same
 * ones the Supabase CLI uses) and can be overridden by environment variables.
 * These keys and the JWT secret are public development values: never use them in production.
 */
import { DEV_ORIGIN } from '../../src/lib/dev-origin';
import { LOCAL_SUPABASE_ANON_KEY, LOCAL_SUPABASE_HOST, LOCAL_SUPABASE_PORT } from '../../src/lib/local-supabase';
import { dataDirOf } from './data-lock';
import { DEV_SERVICE_ROLE_KEY } from './dev-keys';

/** The Supabase CLI's local JWT secret (apps/cli-go/pkg/config). */
export const DEV_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
/** HS256 JWTs `{"iss":"supabase-demo","role":...,"exp":1983812996}` signed with DEV_JWT_SECRET. */
export const DEV_ANON_KEY = LOCAL_SUPABASE_ANON_KEY;
export { DEV_SERVICE_ROLE_KEY } from './dev-keys';

export interface StandinConfig {
  host: string;
  port: number;
  /** Where PGlite and stored files live; null keeps everything in memory (tests). */
  dataDir: string | null;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Access-token lifetime in seconds (auth-js refreshes 90 s before expiry). */
  jwtExpiry: number;
  autoconfirm: boolean;
  /** Minimum seconds between two confirmation e-mails to one address. */
  emailMaxFrequency: number;
  minPasswordLength: number;
  siteUrl: string;
  seed: { adminEmail: string; adminPassword: string; memberEmail: string; memberPassword: string; editorEmail: string; editorPassword: string };
  /** Upstream for the GoHighLevel functions (tests point it at a fake). */
  ghlApiBase: string;
  ghlApiToken: string;
  /** Largest body of a JSON request (auth, REST, functions, storage list/remove, /_local), in bytes. */
  jsonBodyLimit: number;
  /** Upload cap for a bucket without its own file_size_limit (supabase/config.toml: 500MiB). */
  fileSizeLimit: number;
  /** Largest tus chunk (the site sends 6 MiB); a PATCH may carry this plus TUS_CHUNK_MARGIN. */
  tusChunkSize: number;
  /** Password sign-ins per client IP, and per e-mail address, within signInRateWindow; 0: no limit. */
  signInRateLimit: number;
  signInEmailRateLimit: number;
  /** Seconds (GoTrue's sign_in_sign_ups limit: 30 per 5 minutes per IP). */
  signInRateWindow: number;
  quiet: boolean;
  /** How often the conversions delivery runs (Supabase Cron: every minute); 0: never. */
  deliveryIntervalMs: number;
}

const MiB = 1024 * 1024;
/** Room for tus request framing over the chunk size. */
export const TUS_CHUNK_MARGIN = MiB;

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return /^(1|true|yes|on)$/i.test(value);
}

function int(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return parsed;
}

export function configFromEnv(env: NodeJS.ProcessEnv, root: string): StandinConfig {
  // The development keys are signed with the development secret: with another secret they would be refused.
  if (env.STANDIN_JWT_SECRET && (!env.STANDIN_ANON_KEY || !env.STANDIN_SERVICE_ROLE_KEY)) {
    throw new Error('STANDIN_JWT_SECRET is set: set STANDIN_ANON_KEY and STANDIN_SERVICE_ROLE_KEY too, signed with that secret');
  }
  const dataDir = dataDirOf(env, root);
  return {
    host: env.STANDIN_HOST ?? LOCAL_SUPABASE_HOST,
    port: int('STANDIN_PORT', env.STANDIN_PORT, LOCAL_SUPABASE_PORT),
    dataDir,
    jwtSecret: env.STANDIN_JWT_SECRET ?? DEV_JWT_SECRET,
    anonKey: env.STANDIN_ANON_KEY ?? DEV_ANON_KEY,
    serviceRoleKey: env.STANDIN_SERVICE_ROLE_KEY ?? DEV_SERVICE_ROLE_KEY,
    jwtExpiry: int('STANDIN_JWT_EXPIRY', env.STANDIN_JWT_EXPIRY, 3600),
    autoconfirm: flag(env.STANDIN_AUTOCONFIRM, false),
    emailMaxFrequency: int('STANDIN_EMAIL_MAX_FREQUENCY', env.STANDIN_EMAIL_MAX_FREQUENCY, 60),
    minPasswordLength: int('STANDIN_MIN_PASSWORD_LENGTH', env.STANDIN_MIN_PASSWORD_LENGTH, 6),
    siteUrl: env.STANDIN_SITE_URL ?? DEV_ORIGIN,
    seed: {
      adminEmail: env.STANDIN_ADMIN_EMAIL ?? 'admin@example.com',
      adminPassword: env.STANDIN_ADMIN_PASSWORD ?? 'admin-password',
      memberEmail: env.STANDIN_MEMBER_EMAIL ?? 'member@example.com',
      memberPassword: env.STANDIN_MEMBER_PASSWORD ?? 'member-password',
      editorEmail: env.STANDIN_EDITOR_EMAIL ?? 'editor@example.com',
      editorPassword: env.STANDIN_EDITOR_PASSWORD ?? 'editor-password',
    },
    ghlApiBase: env.GHL_API_BASE ?? 'https://services.leadconnectorhq.com',
    ghlApiToken: env.GHL_API_TOKEN ?? '',
    jsonBodyLimit: int('STANDIN_JSON_BODY_LIMIT', env.STANDIN_JSON_BODY_LIMIT, MiB),
    fileSizeLimit: int('STANDIN_FILE_SIZE_LIMIT', env.STANDIN_FILE_SIZE_LIMIT, 500 * MiB),
    tusChunkSize: int('STANDIN_TUS_CHUNK_SIZE', env.STANDIN_TUS_CHUNK_SIZE, 6 * MiB),
    signInRateLimit: int('STANDIN_SIGN_IN_RATE_LIMIT', env.STANDIN_SIGN_IN_RATE_LIMIT, 30),
    signInEmailRateLimit: int('STANDIN_SIGN_IN_EMAIL_RATE_LIMIT', env.STANDIN_SIGN_IN_EMAIL_RATE_LIMIT, 30),
    signInRateWindow: int('STANDIN_SIGN_IN_RATE_WINDOW', env.STANDIN_SIGN_IN_RATE_WINDOW, 300),
    quiet: flag(env.STANDIN_QUIET, false),
    deliveryIntervalMs: int('STANDIN_DELIVERY_INTERVAL_MS', env.STANDIN_DELIVERY_INTERVAL_MS, 60_000),
  };
}

export function publicUrl(config: StandinConfig): string {
  return `http://${config.host}:${config.port}`;
}
