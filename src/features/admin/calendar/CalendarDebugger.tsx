/**
 * The calendar debugger (CRM tab): configuration, the three steps (list, details, slots) with
 * Run Step, Run All Tests and Reset All, the raw results and the calendar summary. Each step
 * invokes one of the site's GoHighLevel functions with the signed-in admin's session. On opening,
 * it asks the server for its GHL_LOCATION_ID (a GET of ghl-list-calendars), fills the Location ID
 * with it (unless the admin is in the field or typed one) and says so, or explains before running
 * that the list needs one.
 */
import { FunctionsHttpError } from '@supabase/supabase-js';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { showToast } from '~/features/toasts/show-toast';
import {
  API_VERSIONS,
  DEBUG_STEPS,
  DEFAULT_API_VERSION,
  type DebugConfig,
  type DebugStepId,
  type Hint,
  PARAMETER_ENCODINGS,
  type ServerLocation,
  type ParameterEncoding,
  RUN_ALL_PAUSE_MS,
  STEP_FUNCTIONS,
  type StepStatus,
  calendarSummary,
  errorHint,
  errorMessageOf,
  fromLocalFake,
  locationMissing,
  missingSettingsOf,
  preselectUserIds,
  resultHint,
  serverLocationOf,
  withServerLocation,
  stepBody,
} from '~/features/admin/calendar/calendar-debugger';
import { addDays, todayIn } from '~/features/admin/calendar/day-bounds';
import { fill } from '~/features/admin/text';
import { getSupabase } from '~/lib/supabase';
import { fieldClass, labelClass } from '../assets/styles';
import CalendarSummaryView from './CalendarSummary';
import LocationField from './LocationField';
import type { CalendarDebuggerCopy } from './schema';

type Copy = CalendarDebuggerCopy;

interface StepState {
  status: StepStatus;
  message?: string;
  hint?: Hint;
  data?: unknown;
}

const pendingSteps = (): Record<DebugStepId, StepState> => ({ list: { status: 'pending' }, details: { status: 'pending' }, slots: { status: 'pending' } });
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const PRESETS = [
  ['today', 0],
  ['tomorrow', 1],
  ['in2', 2],
  ['week', 7],
] as const;

const STATUS_CLASS: Record<StepStatus, string> = {
  pending: 'bg-sand text-ink-soft',
  running: 'bg-brand-soft text-brand-deep',
  success: 'bg-success-soft text-success',
  error: 'bg-destructive-soft text-destructive',
};

const sleep = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

export default function CalendarDebugger({ copy, defaultCalendarId }: { copy: Copy; defaultCalendarId: string }) {
  const id = useId();
  const [config, setConfig] = useState<DebugConfig>(() => ({
    calendarId: defaultCalendarId,
    locationId: '',
    useLocationId: true,
    apiVersion: DEFAULT_API_VERSION,
    parameterEncoding: 'comma-separated',
    date: todayIn(browserZone()),
    timezone: browserZone(),
    userIds: [],
  }));
  const [steps, setSteps] = useState(pendingSteps);
  const [busy, setBusy] = useState(false);
  // Whether the last answer came from the local fake GoHighLevel (null: no answer yet).
  const [localFake, setLocalFake] = useState<boolean | null>(null);
  // What the server told of its location; unknown until it answers.
  const [server, setServer] = useState<ServerLocation>({ known: false });
  // The latest config, selection and server location, for Run All (which reads them between awaits).
  const configRef = useRef(config);
  const serverRef = useRef(server);
  const locationInput = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    configRef.current = config;
    serverRef.current = server;
  }, [config, server]);

  useEffect(() => {
    let live = true;
    void getSupabase()
      .functions.invoke(STEP_FUNCTIONS.list, { method: 'GET' })
      .then(({ data, response }) => {
        const told = serverLocationOf(data, response);
        if (!live || !told.known) return;
        setServer(told);
        setLocalFake(told.localFake);
        const inField = locationInput.current !== null && document.activeElement === locationInput.current;
        setConfig((current) => withServerLocation(current, told.locationId, inField));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const zones = copy.timezones.map(({ zone, label }) => [zone, label] as const);
  const ownZone = browserZone();
  const summary = calendarSummary(steps.details.data);

  const update = (patch: Partial<DebugConfig>) => setConfig((current) => ({ ...current, ...patch }));
  const setStep = (step: DebugStepId, state: StepState) => setSteps((current) => ({ ...current, [step]: state }));

  async function run(step: DebugStepId): Promise<void> {
    const name = copy.steps[step].name;
    // The server would refuse the list without a location: said in plain words, with where to find one.
    if (step === 'list' && locationMissing(configRef.current, serverRef.current)) {
      setStep(step, { status: 'error', message: copy.locationMissing, hint: 'noLocation' });
      showToast({ kind: 'error', title: copy.errorTitle, description: copy.locationMissing });
      return;
    }
    setStep(step, { status: 'running' });
    try {
      const body = stepBody(step, configRef.current);
      const { data, error, response } = await getSupabase().functions.invoke(STEP_FUNCTIONS[step], { body });
      if (response) setLocalFake(fromLocalFake(response));
      if (error) {
        const status = response?.status ?? null;
        let detail: unknown = null;
        if (error instanceof FunctionsHttpError)
          detail = await (error.context as Response)
            .clone()
            .json()
            .catch(() => null);
        // A setting the server lacks is said in plain words; the raw answer stays in the results.
        const missing = missingSettingsOf(status, detail);
        const message = missing.length
          ? fill(copy.notConfigured, { settings: missing.join(', ') })
          : `${status ? `${status}: ` : ''}${errorMessageOf(detail, error.message)}`;
        const hint = errorHint(status, detail);
        setStep(step, { status: 'error', message, data: detail, ...(hint ? { hint } : {}) });
        showToast({ kind: 'error', title: copy.errorTitle, description: message });
        return;
      }
      const hint = resultHint(step, data);
      setStep(step, { status: 'success', data, ...(hint ? { hint } : {}) });
      if (step === 'details') {
        const selected = preselectUserIds(configRef.current.userIds, calendarSummary(data));
        configRef.current = { ...configRef.current, userIds: selected };
        update({ userIds: selected });
      }
      showToast({ kind: 'success', title: copy.successTitle, description: fill(copy.successText, { step: name }) });
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : String(failure);
      setStep(step, { status: 'error', message });
      showToast({ kind: 'error', title: copy.errorTitle, description: message });
    }
  }

  async function guarded(task: () => Promise<void>) {
    if (busy) return;
    setBusy(true);
    try {
      await task();
    } finally {
      setBusy(false);
    }
  }

  const runAll = () =>
    guarded(async () => {
      for (const [index, step] of DEBUG_STEPS.entries()) {
        if (index > 0) await sleep(RUN_ALL_PAUSE_MS);
        await run(step);
      }
    });

  const resetAll = () => {
    setSteps(pendingSteps());
  };

  const toggleUser = (userId: string, on: boolean) => update({ userIds: on ? [...config.userIds, userId] : config.userIds.filter((value) => value !== userId) });

  const results = DEBUG_STEPS.filter((step) => steps[step].data !== undefined);

  return (
    <div className="space-y-8">
      <div>
        <h2 className="text-2xl font-bold">{copy.heading}</h2>
        <p className="mt-1 text-ink-muted">{copy.lead}</p>
      </div>

      <section aria-labelledby={`${id}-config`} className="rounded-xl border border-line bg-white p-4 sm:p-6">
        <h3 id={`${id}-config`} className="text-xl font-bold">
          {copy.configHeading}
        </h3>
        <div className="mt-4 grid gap-5 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-calendar`} className={labelClass}>
              {copy.calendarId}
            </label>
            <input id={`${id}-calendar`} className={fieldClass} value={config.calendarId} onChange={(e) => update({ calendarId: e.target.value })} autoComplete="off" />
          </div>
          <LocationField copy={copy} config={config} server={server} update={update} inputRef={locationInput} />
          <div>
            <label htmlFor={`${id}-version`} className={labelClass}>
              {copy.apiVersion}
            </label>
            <select id={`${id}-version`} className={fieldClass} value={config.apiVersion} onChange={(e) => update({ apiVersion: e.target.value })}>
              {API_VERSIONS.map((version) => (
                <option key={version} value={version}>
                  {version}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-encoding`} className={labelClass}>
              {copy.encoding}
            </label>
            <select
              id={`${id}-encoding`}
              className={fieldClass}
              value={config.parameterEncoding}
              onChange={(e) => update({ parameterEncoding: e.target.value as ParameterEncoding })}
            >
              {PARAMETER_ENCODINGS.map((encoding) => (
                <option key={encoding} value={encoding}>
                  {copy.encodings[encoding]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-date`} className={labelClass}>
              {copy.date}
            </label>
            <input id={`${id}-date`} type="date" className={fieldClass} value={config.date} onChange={(e) => update({ date: e.target.value })} />
            <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label={copy.presetsLabel}>
              {PRESETS.map(([key, days]) => (
                <button key={key} type="button" className="btn-chip" onClick={() => update({ date: addDays(todayIn(config.timezone), days) })}>
                  {copy.presets[key]}
                </button>
              ))}
            </div>
          </div>
          <div>
            <label htmlFor={`${id}-zone`} className={labelClass}>
              {copy.timezone}
            </label>
            <select id={`${id}-zone`} className={fieldClass} value={config.timezone} onChange={(e) => update({ timezone: e.target.value })}>
              {zones.map(([zone, label]) => (
                <option key={zone} value={zone}>
                  {label}
                </option>
              ))}
              {!copy.timezones.some(({ zone }) => zone === ownZone) && <option value={ownZone}>{fill(copy.browserTimezone, { zone: ownZone })}</option>}
            </select>
          </div>
          <fieldset className="sm:col-span-2">
            <legend className={labelClass}>{copy.teamMembers}</legend>
            <p className="text-sm text-ink-muted">{copy.teamMembersHint}</p>
            {summary && summary.teamMembers.length > 0 ? (
              <div className="mt-2 flex flex-wrap gap-x-6">
                {summary.teamMembers.map((member) => (
                  <label key={member.userId} className="flex min-h-11 items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="h-5 w-5 accent-brand-strong"
                      checked={config.userIds.includes(member.userId)}
                      onChange={(e) => toggleUser(member.userId, e.target.checked)}
                    />
                    <span>
                      {member.name ? `${member.name} ` : ''}
                      <span className="font-mono text-ink-muted">{member.userId}</span>
                    </span>
                  </label>
                ))}
              </div>
            ) : (
              <p className="mt-2 text-sm text-ink-soft">{copy.teamMembersEmpty}</p>
            )}
          </fieldset>
        </div>
      </section>

      <section aria-labelledby={`${id}-steps`}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id={`${id}-steps`} className="text-xl font-bold">
            {copy.stepsHeading}
          </h3>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-strong" disabled={busy} onClick={() => void runAll()}>
              {copy.runAll}
            </button>
            <button type="button" className="btn btn-outline" disabled={busy} onClick={resetAll}>
              {copy.reset}
            </button>
          </div>
        </div>
        {/* Next to the steps, where the answers show. */}
        {localFake && (
          <p
            className="mt-3 inline-flex rounded-lg border-2 border-dashed border-coral bg-destructive-soft px-3 py-1 text-sm font-bold text-destructive"
            data-testid="ghl-local-fake"
          >
            {copy.localFake}
          </p>
        )}
        <ol className="mt-4 space-y-3">
          {DEBUG_STEPS.map((step, index) => {
            const state = steps[step];
            return (
              <li key={step} className="rounded-xl border border-line bg-white p-4" data-step={step}>
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h4 className="font-bold">
                      {index + 1}. {copy.steps[step].name}
                    </h4>
                    <p className="text-sm text-ink-muted">{copy.steps[step].description}</p>
                  </div>
                  <div className="flex items-center gap-2">
                    <span className={`rounded-full px-3 py-1 text-xs font-bold uppercase ${STATUS_CLASS[state.status]}`} data-testid={`status-${step}`}>
                      {copy.status[state.status]}
                    </span>
                    <button
                      type="button"
                      className="btn-chip"
                      disabled={busy || state.status === 'running'}
                      aria-label={fill(copy.runStepLabel, { step: copy.steps[step].name })}
                      onClick={() => void guarded(() => run(step))}
                    >
                      {copy.runStep}
                    </button>
                  </div>
                </div>
                {state.message && (
                  <p className="mt-3 break-words rounded-lg bg-destructive-soft p-3 text-sm text-destructive" data-testid={`message-${step}`}>
                    {state.message}
                  </p>
                )}
                {state.hint && (
                  <p className="mt-3 rounded-lg bg-sand-light p-3 text-sm text-ink-soft" data-testid={`hint-${step}`}>
                    {copy.hints[state.hint]}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      </section>

      <CalendarSummaryView copy={copy} summary={summary} />

      <section aria-labelledby={`${id}-results`}>
        <h3 id={`${id}-results`} className="text-xl font-bold">
          {copy.resultsHeading}
        </h3>
        {results.length === 0 ? (
          <p className="mt-2 text-sm text-ink-muted">{copy.noResults}</p>
        ) : (
          results.map((step) => (
            <div key={step} className="mt-4">
              <h4 className="text-sm font-bold">{copy.steps[step].name}</h4>
              {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must take focus to scroll by keyboard (WCAG 2.1.1, axe scrollable-region-focusable) */}
              <pre className="mt-1 max-h-80 overflow-auto rounded-lg bg-ink p-3 text-xs text-white" tabIndex={0} data-testid={`raw-${step}`}>
                {JSON.stringify(steps[step].data, null, 2)}
              </pre>
            </div>
          ))
        )}
      </section>
    </div>
  );
}
