/** The calendar summary: name, event type, team members, active. */
import type { CalendarSummary } from '~/features/admin/calendar/calendar-debugger';
import type { CalendarDebuggerCopy } from './schema';

export default function CalendarSummaryView({ copy, summary }: { copy: CalendarDebuggerCopy; summary: CalendarSummary | null }) {
  const text = copy.summary;
  const active = summary?.isActive === null || summary?.isActive === undefined ? text.unknown : summary.isActive ? text.yes : text.no;
  return (
    <section aria-labelledby="calendar-summary-heading" className="rounded-xl border border-line bg-white p-4 sm:p-6">
      <h3 id="calendar-summary-heading" className="text-xl font-bold">
        {copy.summaryHeading}
      </h3>
      {!summary ? (
        <p className="mt-2 text-sm text-ink-muted">{copy.summaryEmpty}</p>
      ) : (
        <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2" data-testid="calendar-summary">
          <div>
            <dt className="font-semibold text-ink-muted">{text.name}</dt>
            <dd className="mt-1 break-words font-bold">{summary.name ?? text.unknown}</dd>
          </div>
          <div>
            <dt className="font-semibold text-ink-muted">{text.eventType}</dt>
            <dd className="mt-1 break-words">{summary.eventType ?? text.unknown}</dd>
          </div>
          <div>
            <dt className="font-semibold text-ink-muted">{text.teamMembers}</dt>
            <dd className="mt-1">
              {summary.teamMembers.length === 0
                ? text.none
                : summary.teamMembers.map((member) => (member.name ? `${member.name} (${member.userId})` : member.userId)).join(', ')}
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-ink-muted">{text.active}</dt>
            <dd className="mt-1">{active}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
