/**
 * Delivery to Meta: the period's conversions by state, the last successful delivery, the Graph
 * API version, the latest problem with what to do, and Retry failed (which reloads the report).
 */
import { useId, useState } from 'react';
import { adviceFor } from '../../../../supabase/functions/_shared/meta-problems.ts';
import { type RetryAnswer, readRetryAnswer, retryMessage, rpcFailure } from '~/features/admin/conversions/conversions-calls';
import { type ConversionReport, DELIVERY_STATES, deliveryCounts, lastDelivery, latestProblem } from '~/features/admin/conversions/conversions-report';
import { fill, formatDateTime } from '~/features/admin/text';
import type { ConversionsCopy } from '~/features/admin/conversions/schema';
import { getSupabase } from '~/lib/supabase';
import ApiVersionNotice from './ApiVersionNotice';

interface Props {
  copy: ConversionsCopy;
  report: ConversionReport;
  apiVersion: string | null;
  /** Called after Retry failed moved events back to pending. */
  onRetried: () => void;
}

type RetryState = { kind: 'idle' } | { kind: 'running' } | { kind: 'done'; answer: RetryAnswer } | { kind: 'failed'; reason: string };

export default function DeliveryHealth({ copy, report, apiVersion, onRetried }: Props) {
  const id = useId();
  const h = copy.health;
  const [retry, setRetry] = useState<RetryState>({ kind: 'idle' });
  const counts = deliveryCounts(report);
  const delivered = lastDelivery(report);
  const problem = latestProblem(report.status);
  const advice = problem ? adviceFor(problem.code, problem.message) : null;

  async function retryFailed() {
    setRetry({ kind: 'running' });
    try {
      const { data, error } = await getSupabase().rpc('retry_failed_conversions');
      if (error) {
        const failure = rpcFailure(error);
        const reason = failure.kind === 'missing' || failure.kind === 'network' ? copy.reasons[failure.kind] : failure.message;
        setRetry({ kind: 'failed', reason });
        return;
      }
      const answer = readRetryAnswer(data);
      if (!answer) {
        setRetry({ kind: 'failed', reason: `the server answered ${JSON.stringify(data)}` });
        return;
      }
      setRetry({ kind: 'done', answer });
      if (answer.retried > 0) onRetried();
    } catch (failure) {
      setRetry({ kind: 'failed', reason: failure instanceof Error ? failure.message : String(failure) });
    }
  }

  let retryText = '';
  if (retry.kind === 'failed') retryText = fill(h.retryFailed, { reason: retry.reason });
  if (retry.kind === 'done') {
    const said = retryMessage(retry.answer);
    if (said.key === 'nothing') retryText = h.nothingToRetry;
    else if (said.key === 'retried') retryText = said.count === 1 ? h.retriedOne : fill(h.retried, { count: said.count });
    else retryText = said.count === 1 ? h.retriedNoneOne : fill(h.retriedNone, { count: said.count });
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl border border-line bg-white p-4 sm:p-6">
      <h3 id={`${id}-heading`} className="text-xl font-bold">
        {h.heading}
      </h3>
      <p className="mt-1 text-sm text-ink-muted">{h.lead}</p>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="delivery-counts">
        {DELIVERY_STATES.map((state) => (
          <div key={state} className="rounded-lg bg-sand-light p-3" data-state={state}>
            <dt className="text-sm text-ink-soft">{h.states[state]}</dt>
            <dd className={`text-2xl font-extrabold tabular-nums ${state === 'failed' && counts.failed > 0 ? 'text-destructive' : 'text-ink'}`}>{counts[state]}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 space-y-2">
        <p className="text-sm font-semibold" data-testid="last-delivery">
          {delivered ? fill(h.lastDelivered, { date: formatDateTime(delivered) }) : h.neverDelivered}
        </p>
        <ApiVersionNotice copy={copy.version} version={apiVersion} now={new Date()} />
      </div>

      <h4 className="mt-6 font-bold">{h.problemHeading}</h4>
      {problem && advice ? (
        <div
          className={`mt-2 space-y-2 rounded-lg p-3 text-sm ${problem.resolved ? 'bg-sand-light text-ink-soft' : 'border-2 border-destructive bg-destructive-soft text-ink'}`}
          data-testid="delivery-problem"
        >
          <p className="text-base font-bold">{advice.title}</p>
          {problem.at && (
            <p className="text-ink-muted">
              {problem.code === null
                ? fill(h.problemMetaNoCode, { date: formatDateTime(problem.at) })
                : fill(h.problemMeta, { code: problem.code, date: formatDateTime(problem.at) })}
            </p>
          )}
          {problem.message && (
            <p className="break-words">
              {h.metaSaid} <q>{problem.message}</q>
            </p>
          )}
          {problem.resolved ? (
            <p>{h.resolved}</p>
          ) : (
            <p>
              <strong>{h.whatToDo}</strong> {advice.whatToDo}
            </p>
          )}
          {problem.paused && <p className="font-bold text-destructive">{h.paused}</p>}
        </div>
      ) : report.status?.paused ? (
        <p className="mt-2 text-sm font-bold text-destructive">{h.paused}</p>
      ) : (
        <p className="mt-2 text-sm text-ink-soft">{h.noProblem}</p>
      )}

      <div className="mt-6 flex flex-wrap items-center gap-3">
        <button type="button" className="btn btn-outline btn-sm" disabled={retry.kind === 'running'} onClick={() => void retryFailed()}>
          {retry.kind === 'running' ? h.retrying : h.retry}
        </button>
        <p className="text-sm text-ink-muted">{h.retryHint}</p>
      </div>
      <p role="status" className={`mt-2 text-sm ${retry.kind === 'failed' ? 'text-destructive' : 'text-ink-soft'}`} data-testid="retry-result">
        {retryText}
      </p>
    </section>
  );
}
