/** An upload's progress: its label, the whole percent as text and a bar (role progressbar). */
import { useId } from 'react';

export default function ProgressBar({ label, percent }: { label: string; percent: number }) {
  const id = useId();
  const value = Math.floor(percent);
  return (
    <div>
      <div className="flex justify-between gap-3 text-sm font-semibold">
        <span id={id}>{label}</span>
        <span>{value}%</span>
      </div>
      <div role="progressbar" aria-labelledby={id} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} className="mt-2 h-3 overflow-hidden rounded-full bg-sand">
        <div className="h-full rounded-full bg-brand-strong transition-[width] motion-reduce:transition-none" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
