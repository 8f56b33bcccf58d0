/**
 * How long the local stack's servers (the stand-in, and the fakes the tests run beside it) keep an
 * idle keep-alive connection open. Node's default closes one after 5 s, and a client that keeps its
 * connections with no timeout of its own (Node's http.Agent, Playwright's API requests) and sends on
 * one just as the server closes it gets ECONNRESET: a test's request failed so, 5–6 s after the
 * previous one. The gateways in front of a hosted Supabase keep idle connections for about a minute;
 * so does the stand-in, longer than any test runs.
 */
export const IDLE_CONNECTION_MS = 65_000;
