/** A labelled loading indicator; the motion stops for visitors who ask for reduced motion. */
export default function Spinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status" aria-live="polite">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-brand-soft border-t-brand-strong motion-reduce:animate-none" aria-hidden="true" />
      <span className="ml-3 text-ink-soft">{label}</span>
    </div>
  );
}
