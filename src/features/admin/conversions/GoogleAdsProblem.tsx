/**
 * The latest problem of delivery to Google Ads, in the server's words (what to fix when Google
 * refused the key, the account or an action), when it was seen, and whether delivery is paused or
 * has succeeded since.
 */
import { type GoogleAdsStatus, googleProblem } from '~/features/admin/conversions/google-ads-report';
import type { ConversionsCopy } from '~/features/admin/conversions/schema';
import { fill, formatDateTime } from '~/features/admin/text';

export default function GoogleAdsProblem({ copy, status }: { copy: ConversionsCopy['googleAds']; status: GoogleAdsStatus | null }) {
  const problem = googleProblem(status);
  return (
    <>
      <h4 className="mt-6 font-bold">{copy.problemHeading}</h4>
      {problem ? (
        <div
          className={`mt-2 space-y-2 rounded-lg p-3 text-sm ${problem.resolved ? 'bg-sand-light text-ink-soft' : 'border-2 border-destructive bg-destructive-soft text-ink'}`}
          data-testid="google-ads-problem"
        >
          {problem.message && <p className="break-words text-base font-bold">{problem.message}</p>}
          {(problem.at || problem.reason) && (
            <p className="text-ink-muted">
              {[problem.at && fill(copy.problemSeen, { date: formatDateTime(problem.at) }), problem.reason && fill(copy.reasonCode, { reason: problem.reason })]
                .filter(Boolean)
                .join(' · ')}
            </p>
          )}
          {problem.resolved && <p>{copy.resolved}</p>}
          {problem.paused && <p className="font-bold text-destructive">{copy.paused}</p>}
        </div>
      ) : (
        <p className="mt-2 text-sm text-ink-soft">{copy.noProblem}</p>
      )}
    </>
  );
}
