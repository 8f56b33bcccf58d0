/** Downloads the period's rows (conversion_rows) as conversions-<from>-<to>.csv. */
import { useState } from 'react';
import { rpcFailure } from '~/features/admin/conversions/conversions-calls';
import { EXPORT_PAGE_SIZE, addPage, conversionsCsv, csvFileName } from '~/features/admin/conversions/conversions-export';
import { fill } from '~/features/admin/text';
import type { ConversionsCopy } from '~/features/admin/conversions/schema';
import { getSupabase } from '~/lib/supabase';

type State = { kind: 'idle' } | { kind: 'preparing' } | { kind: 'done'; count: number; file: string } | { kind: 'failed'; reason: string };

/** Rows asked for page by page; throws the reason in the copy's words. */
async function readRows(copy: ConversionsCopy, days: number): Promise<Record<string, unknown>[]> {
  let rows: Record<string, unknown>[] = [];
  for (let offset = 0; ; offset += EXPORT_PAGE_SIZE) {
    const { data, error } = await getSupabase()
      .rpc('conversion_rows', { p_days: days })
      .range(offset, offset + EXPORT_PAGE_SIZE - 1);
    if (error) {
      const failure = rpcFailure(error);
      throw new Error(failure.kind === 'missing' || failure.kind === 'network' ? copy.reasons[failure.kind] : failure.message);
    }
    const next = addPage(rows, Array.isArray(data) ? (data as Record<string, unknown>[]) : []);
    rows = next.rows;
    if (next.done) return rows;
  }
}

function download(text: string, file: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export default function CsvExport({ copy, days, range }: { copy: ConversionsCopy; days: number; range: { from: string; to: string } | null }) {
  const [state, setState] = useState<State>({ kind: 'idle' });

  async function exportCsv() {
    if (!range) return;
    setState({ kind: 'preparing' });
    try {
      const rows = await readRows(copy, days);
      const file = csvFileName(range.from, range.to);
      download(conversionsCsv(rows), file);
      setState({ kind: 'done', count: rows.length, file });
    } catch (failure) {
      setState({ kind: 'failed', reason: failure instanceof Error ? failure.message : String(failure) });
    }
  }

  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <button type="button" className="btn btn-outline btn-sm" disabled={!range || state.kind === 'preparing'} onClick={() => void exportCsv()}>
        {state.kind === 'preparing' ? copy.export.preparing : copy.export.button}
      </button>
      <p role="status" className={`text-sm ${state.kind === 'failed' ? 'text-destructive' : 'text-ink-muted'}`} data-testid="csv-status">
        {state.kind === 'done'
          ? fill(copy.export.done, { count: state.count, file: state.file })
          : state.kind === 'failed'
            ? fill(copy.export.failed, { reason: state.reason })
            : copy.export.hint}
      </p>
    </div>
  );
}
