#!/usr/bin/env node
/**
 * A fake Google on 127.0.0.1 for tests and `npm run dev`: the OAuth token endpoint of a service
 * account it makes (tests/support/fake-google-auth.mjs) and the Data Manager API's
 * `POST /v1/events:ingest` and `GET /v1/requestStatus:retrieve`, checking every request as
 * Google's reference describes it (tests/support/fake-google-ingest.mjs), so a wrong client fails,
 * and processing what it took as Google does (tests/support/fake-google-processing.mjs).
 *
 *   const google = await startFakeGoogle();
 *   googleAdsConfig(google.env())        // the site's settings pointing at it
 *   google.setMode('down')               // 503 everywhere ('ingest-down': the API only; 'reset': connections dropped)
 *   google.refuseKey(true)               // the token endpoint: invalid_grant
 *   google.refuseAccount('PERMISSION_DENIED')
 *   google.refuseEvent(id, 'INVALID_FORMAT')   // that event refused at once, by its index
 *   google.failLater(id, 'PROCESSING_ERROR_REASON_INVALID_GCLID')  // taken, failed in processing
 *   google.expireTokens()                // the next call with an old token: 401
 *   google.registerClick(gclid, ms)      // a click's time: over 90 days, or under setMinClickAge, fails later
 *   google.accepted                      // Map transactionId → event Google counts
 *
 *   FAKE_GOOGLE_PORT=54331 node tests/support/fake-google.mjs   (GET /_env: the settings for it)
 */
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { checkGrant, IssuedTokens, makeServiceAccount } from './fake-google-auth.mjs';
import { accountRefusal, googleError, ingestViolations, unauthenticated } from './fake-google-ingest.mjs';
import { FakeProcessing } from './fake-google-processing.mjs';

export const FAKE_GOOGLE_ACCOUNT_ID = '1234567890';
export const FAKE_GOOGLE_CONVERSION_ACTIONS = { Lead: '700000001', Schedule: '700000002', CompleteRegistration: '700000003', Contact: '700000004' };

/**
 * Starts the fake on 127.0.0.1:`port` (0: any free port).
 * @param {{ port?: number, now?: () => number, accountId?: string, loginAccountId?: string | null, conversionActions?: Record<string, string>, tokenLifetimeS?: number, processingPolls?: number, minClickAgeMs?: number }} [options]
 */
export async function startFakeGoogle({
  port = 0,
  now = Date.now,
  accountId = FAKE_GOOGLE_ACCOUNT_ID,
  loginAccountId = null,
  conversionActions = FAKE_GOOGLE_CONVERSION_ACTIONS,
  tokenLifetimeS = 3600,
  processingPolls = 1,
  minClickAgeMs = 0,
} = {}) {
  const actionIds = new Set(Object.values(conversionActions));
  const tokens = new IssuedTokens();
  /** Every request: { method, path, query, body, outcome } */
  const requests = [];
  const refusedEvents = new Map();
  const state = { mode: 'up', delayMs: 0, keyRefused: false, accountRefused: null, tokenRequests: 0, tokenLifetimeS, processingPolls, minClickAgeMs, now };
  const processing = new FakeProcessing(state);

  const ingest = (body) => {
    const violations = ingestViolations(body, now());
    if (violations.length > 0) return [400, googleError(400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.', { reason: violations[0].reason, violations })];
    for (const [i, destination] of body.destinations.entries()) {
      if (destination.operatingAccount.accountId !== accountId || (destination.loginAccount?.accountId ?? null) !== loginAccountId)
        return accountRefusal('PERMISSION_DENIED');
      if (!actionIds.has(destination.productDestinationId)) {
        const violation = { field: `destinations[${i}].productDestinationId`, description: 'Conversion action ID is not valid.', reason: 'INVALID_CONVERSION_ACTION_ID' };
        return [400, googleError(400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.', { reason: violation.reason, violations: [violation] })];
      }
    }
    const refused = body.events.flatMap((event, i) =>
      refusedEvents.has(event.transactionId) ? [{ field: `events[${i}]`, description: 'This event is not valid.', reason: refusedEvents.get(event.transactionId) }] : [],
    );
    if (refused.length > 0)
      return [400, googleError(400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.', { reason: refused[0].reason, violations: refused })];
    if (body.validateOnly) return [200, {}];
    return [200, { requestId: processing.take(body) }];
  };

  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => setTimeout(answer, state.delayMs));
    const answer = () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const text = Buffer.concat(chunks).toString('utf8');
      const entry = { method: req.method, path: url.pathname, query: Object.fromEntries(url.searchParams), body: text, outcome: 200 };
      const send = (status, value) => {
        entry.outcome = status;
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(value));
      };
      if (url.pathname === '/_health') return send(200, { ok: true });
      if (url.pathname === '/_env') return send(200, env());
      requests.push(entry);
      if (state.mode === 'reset') {
        entry.outcome = 'reset';
        return req.socket.destroy();
      }
      if (state.mode === 'down' || (state.mode === 'ingest-down' && url.pathname !== '/token'))
        return send(503, googleError(503, 'UNAVAILABLE', 'The service is currently unavailable.', { reason: 'UNAVAILABLE' }));
      if (req.method === 'POST' && url.pathname === '/token') return send(...token(new URLSearchParams(text)));
      const route =
        req.method === 'POST' && url.pathname === '/v1/events:ingest'
          ? 'ingest'
          : req.method === 'GET' && url.pathname === '/v1/requestStatus:retrieve'
            ? 'status'
            : null;
      if (!route) return send(404, googleError(404, 'NOT_FOUND', `No route for ${req.method} ${url.pathname}.`));
      const authProblem = tokens.problem(req.headers.authorization, now());
      if (authProblem === 'ACCESS_TOKEN_SCOPE_INSUFFICIENT')
        return send(403, googleError(403, 'PERMISSION_DENIED', 'Request had insufficient authentication scopes.', { reason: authProblem, domain: 'googleapis.com' }));
      if (authProblem) return send(401, unauthenticated(authProblem));
      if (state.accountRefused) {
        const [status, body] = accountRefusal(state.accountRefused);
        if (route === 'ingest' || status === 401 || status === 403) return send(status, body);
      }
      if (route === 'status') return send(...processing.status(url.searchParams.get('requestId') ?? ''));
      try {
        entry.body = JSON.parse(text);
      } catch {
        return send(400, googleError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.', { reason: 'INVALID_FORMAT' }));
      }
      send(...ingest(entry.body));
    };
  });

  const token = (form) => {
    state.tokenRequests += 1;
    if (state.keyRefused) return [400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' }];
    const refusal = checkGrant(form, account, { audience: tokenUri, nowS: Math.floor(now() / 1000) });
    if (refusal) return [refusal.error === 'invalid_client' ? 401 : 400, refusal];
    const claims = JSON.parse(Buffer.from((form.get('assertion') ?? '').split('.')[1], 'base64url').toString('utf8'));
    const accessToken = tokens.issue(claims.scope, now() + state.tokenLifetimeS * 1000);
    return [200, { access_token: accessToken, expires_in: state.tokenLifetimeS, token_type: 'Bearer' }];
  };

  server.keepAliveTimeout = 1000;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const url = `http://127.0.0.1:${server.address().port}`;
  const tokenUri = `${url}/token`;
  const account = await makeServiceAccount(tokenUri);
  const env = () => ({
    GOOGLE_ADS_ACCOUNT_ID: accountId,
    GOOGLE_ADS_CONVERSION_ACTIONS: JSON.stringify(conversionActions),
    GOOGLE_SERVICE_ACCOUNT_KEY: JSON.stringify(account.keyFile),
    GOOGLE_DATA_MANAGER_URL: url,
    ...(loginAccountId ? { GOOGLE_ADS_LOGIN_ACCOUNT_ID: loginAccountId } : {}),
  });

  return {
    url,
    port: server.address().port,
    requests,
    /** transactionId → { event, conversionActionId, requestId }: the conversions Google counts. */
    accepted: processing.accepted,
    /** transactionId → { event, reason }: taken, then refused in processing. */
    failed: processing.failed,
    get tokenRequests() {
      return state.tokenRequests;
    },
    /** Second ingests of a transaction id Google already counted. */
    get duplicates() {
      return processing.duplicates;
    },
    /** The service account's key file (an object; its JSON text is GOOGLE_SERVICE_ACCOUNT_KEY). */
    serviceAccountKey: () => structuredClone(account.keyFile),
    /** The site's settings for this fake (GoogleAdsEnv). */
    env,
    /** up | down (503) | ingest-down (the Data Manager API 503, its token endpoint up) | reset (connections dropped) */
    setMode: (mode) => void (state.mode = mode),
    setDelay: (ms) => void (state.delayMs = ms),
    setTokenLifetime: (seconds) => void (state.tokenLifetimeS = seconds),
    /** How many status retrievals of a request answer PROCESSING first. */
    setProcessingPolls: (polls) => void (state.processingPolls = polls),
    refuseKey: (refused = true) => void (state.keyRefused = refused),
    /** PERMISSION_DENIED, SERVICE_DISABLED, TERMS_AND_CONDITIONS_NOT_SIGNED, INVALID_CONVERSION_ACTION_ID, NOT_FOUND, UNAUTHENTICATED; null: accepted again. */
    refuseAccount: (reason) => void (state.accountRefused = reason),
    refuseEvent: (transactionId, reason = 'INVALID_EVENT') => void refusedEvents.set(transactionId, reason),
    failLater: (transactionId, reason = 'PROCESSING_ERROR_REASON_INVALID_GCLID') => void processing.laterFailures.set(transactionId, reason),
    /** When a click id's click happened (ms), for the 90-day and delay checks. */
    registerClick: (clickId, clickTimeMs) => void processing.clicks.set(clickId, clickTimeMs),
    /** A registered click younger than this at ingest fails in processing, as a click Google has not processed yet. */
    setMinClickAge: (ms) => void (state.minClickAgeMs = ms),
    expireTokens: () => tokens.expireAll(now()),
    /** Back to a working Google with nothing kept (the same service account). */
    reset: () => {
      requests.length = 0;
      refusedEvents.clear();
      processing.reset();
      Object.assign(state, { mode: 'up', delayMs: 0, keyRefused: false, accountRefused: null, tokenRequests: 0, tokenLifetimeS, processingPolls, minClickAgeMs });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = await startFakeGoogle({ port: Number(process.env.FAKE_GOOGLE_PORT ?? 54331) });
  console.log(`fake Google on ${fake.url} (its settings: GET ${fake.url}/_env)`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => fake.close().then(() => process.exit(0)));
}
