/**
 * What the endpoint answers when its store fails: GitHub's refusals (github-refusals.ts types them) with
 * the status they mean — a token to renew or an access to give is the server's setting (503), a
 * protected branch a refusal that trying again never changes (403), a used-up rate limit a wait
 * until a time (429) — and GitHub not answering something to try again later (502). Anything else
 * is the server's own failure (500), said in the log, never in the answer.
 */
import { ContentPathError } from '../shared/paths';
import type { RefusalReason } from '../shared/answers';
import { GithubStoreError, type GithubRefusalKind } from './github-refusals';
import { Refusal } from './refusal';

const REASONS: Record<GithubRefusalKind, RefusalReason> = {
  token: 'github-token',
  access: 'github-access',
  protected: 'github-protected',
  'rate-limit': 'github-rate-limit',
  unavailable: 'github-unavailable',
  unexpected: 'github-unavailable',
};

export function storeRefusal(error: unknown): Refusal {
  if (error instanceof ContentPathError) return new Refusal('bad-request', 'This is not a file the editor may open.');
  if (error instanceof GithubStoreError) {
    const retryAt = error.kind === 'rate-limit' && error.retryAt ? { retryAt: error.retryAt.toISOString() } : {};
    return new Refusal(REASONS[error.kind], error.message, retryAt);
  }
  return new Refusal('failed', 'The content could not be read or saved: the server failed. Try again in a minute; if it keeps failing, tell the site’s developer.');
}
