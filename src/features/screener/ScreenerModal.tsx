/**
 * The supplements screener (docs/product.md §4, §5): three questions one at a time (choosing an option
 * advances), a three-segment progress bar, the recommendations after the third answer; Retake
 * goes back to the first question; closing resets. The rule is src/features/screener/screener.ts.
 *
 * The body of the static <dialog> of src/features/screener/ScreenerDialog.astro. Hydrates on first use
 * or intent just before it (`client:on-demand`); the static button has
 * already opened the dialog, whose `open` attribute this reads (src/lib/use-host-element.ts).
 */
import { useEffect, useRef, useState } from 'react';
import type { Recommendation, ScreenerCopy, ScreenerQuestion } from '~/features/screener/schema';
import { useHostElement } from '~/lib/use-host-element';
import { QUESTION_ORDER, nextStep, recommend, type QuestionId, type ScreenerAnswers } from './screener';

interface Props {
  copy: ScreenerCopy;
  questions: ScreenerQuestion[];
  recommendations: Recommendation[];
  code: string;
  shopUrl: string;
}

export default function ScreenerModal({ copy, questions, recommendations, code, shopUrl }: Props) {
  const [hydrated, setHydrated] = useState(false);
  const [step, setStep] = useState<number | 'results'>(0);
  const [answers, setAnswers] = useState<ScreenerAnswers>({});
  const root = useRef<HTMLDivElement>(null);
  const { open, opens } = useHostElement(root, 'dialog');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // eslint-disable-next-line react-hooks/set-state-in-effect -- on purpose: the first render must match the server's HTML
  useEffect(() => setHydrated(true), []);

  // Closing resets (the dialog loses its `open` attribute).
  useEffect(() => {
    if (open) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- resetting on close, which comes from the dialog element
    setStep(0);
    setAnswers({});
    moved.current = false;
  }, [open, opens]);

  // After each answer, focus goes to the new question (or the results) heading.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [step]);

  const ordered = QUESTION_ORDER.map((id) => questions.find((question) => question.id === id)).filter((question): question is ScreenerQuestion => question !== undefined);
  const total = ordered.length;
  const answered = step === 'results' ? total : step;

  const choose = (id: QuestionId, value: string) => {
    setAnswers((current) => ({ ...current, [id]: value }));
    moved.current = true;
    const next = typeof step === 'number' ? nextStep(step) : null;
    setStep(next ?? 'results');
  };

  const retake = () => {
    setAnswers({});
    moved.current = true;
    setStep(0);
  };

  const question = typeof step === 'number' ? ordered[step] : undefined;
  const stepText = copy.step.replaceAll('{current}', String(Math.min(answered + 1, total))).replaceAll('{total}', String(total));

  return (
    <div ref={root}>
      <div
        className="mt-6 grid grid-cols-3 gap-2"
        role="progressbar"
        aria-label={copy.progressLabel}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={answered}
        aria-valuetext={step === 'results' ? copy.resultsTitle : stepText}
        data-screener-progress
      >
        {ordered.map((entry, index) => (
          <span
            key={entry.id}
            className={`h-2 rounded-full transition-colors ${index < answered ? 'bg-brand-strong' : 'bg-line'}`}
            data-filled={index < answered ? 'true' : 'false'}
          />
        ))}
      </div>

      {question ? (
        <fieldset className="mt-6" aria-busy={!hydrated}>
          <legend className="text-sm font-semibold uppercase tracking-widest text-brand-strong">{stepText}</legend>
          <h3 ref={headingRef} tabIndex={-1} className="mt-2 text-xl font-bold outline-none" data-screener-question>
            {question.question}
          </h3>
          <ul className="mt-5 grid gap-3 sm:grid-cols-2">
            {question.options.map((option) => (
              <li key={option.value}>
                <button
                  type="button"
                  disabled={!hydrated}
                  onClick={() => choose(question.id, option.value)}
                  className="flex min-h-14 w-full flex-col items-start justify-center rounded-xl border-2 border-line bg-white px-4 py-3 text-left transition-colors hover:border-brand hover:bg-brand-soft disabled:cursor-wait"
                >
                  <span className="font-semibold text-ink">{option.label}</span>
                  {option.hint ? <span className="text-sm text-ink-muted">{option.hint}</span> : null}
                </button>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : (
        <Results
          copy={copy}
          answers={answers}
          questions={ordered}
          recommendations={recommendations}
          code={code}
          shopUrl={shopUrl}
          headingRef={headingRef}
          onRetake={retake}
        />
      )}
    </div>
  );
}

function Results({
  copy,
  answers,
  questions,
  recommendations,
  code,
  shopUrl,
  headingRef,
  onRetake,
}: {
  copy: ScreenerCopy;
  answers: ScreenerAnswers;
  questions: ScreenerQuestion[];
  recommendations: Recommendation[];
  code: string;
  shopUrl: string;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onRetake: () => void;
}) {
  const list = recommend(answers, recommendations);
  const timingLabel = questions.find((question) => question.id === 'timing')?.options.find((option) => option.value === answers.timing)?.label;
  return (
    <section className="mt-6" aria-labelledby="screener-results-title" data-screener-results={list.id}>
      <h3 id="screener-results-title" ref={headingRef} tabIndex={-1} className="text-xl font-bold outline-none">
        {copy.resultsTitle}
      </h3>
      <p className="mt-1 text-ink-muted">{copy.resultsLead}</p>
      {timingLabel ? <p className="mt-1 text-sm font-semibold text-brand-deep">{copy.preferredTiming.replaceAll('{timing}', timingLabel)}</p> : null}
      <ul className="mt-5 space-y-4">
        {list.products.map((product) => (
          <li key={product.name} className="rounded-xl border border-line p-4" data-screener-product>
            <h4 className="font-display text-lg font-bold">{product.name}</h4>
            <p className="mt-1 text-ink-soft">{product.description}</p>
            <p className="mt-3 text-sm font-semibold text-ink">{copy.benefitsLabel}</p>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-ink-soft">
              {product.benefits.map((benefit) => (
                <li key={benefit}>{benefit}</li>
              ))}
            </ul>
            <p className="mt-3 text-sm">
              <span className="font-semibold text-ink">{copy.timingLabel}:</span> <span className="text-ink-soft">{product.timing}</span>
            </p>
          </li>
        ))}
      </ul>
      <p className="mt-5 text-sm font-semibold text-ink">{copy.codeLine.replaceAll('{code}', code)}</p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <button type="button" className="btn btn-outline flex-1" onClick={onRetake}>
          {copy.retake}
        </button>
        <a href={shopUrl} rel="noopener sponsored" target="_blank" className="btn btn-primary flex-1">
          {copy.shop}
        </a>
      </div>
    </section>
  );
}
