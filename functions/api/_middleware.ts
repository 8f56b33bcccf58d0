/**
 * Every /api/* answer carries the security headers the pages get from `_headers` (Cloudflare
 * does not apply that file to what a Function returns): no sniffing, no framing, no referrer,
 * nothing to load, never cached.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
};

export const onRequest = async ({ next }: { next: () => Promise<Response> }): Promise<Response> => {
  const response = await next();
  const answer = new Response(response.body, response);
  for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) answer.headers.set(name, value);
  if (!answer.headers.has('cache-control')) answer.headers.set('cache-control', 'no-store');
  return answer;
};
