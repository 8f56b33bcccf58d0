// @vitest-environment jsdom
/**
 * The product's timings and option lists, through the code that uses them: the
 * nav's late scroll, the admin islands on a fake clock with a fake backend, the screener content.
 */
import { act, createElement } from 'react';
import { type Root, createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AssetManager from '~/features/admin/assets/AssetManager';
import CloudFiles from '~/features/admin/assets/CloudFiles';
import CalendarDebugger from '~/features/admin/calendar/CalendarDebugger';
import type { AdminAsset } from '~/features/admin/assets/schema';
import { screenerQuestionSchema } from '~/features/screener/schema';
import { scrollToHashAfterLoad } from '~/enhancers/nav';
import catalogue from '../../src/content/admin-assets.json';
import adminPage from '../../src/content/pages/admin.json';
import questions from '../../src/content/screener/questions.json';

const fake = vi.hoisted(() => ({ client: undefined as unknown }));
vi.mock('~/lib/supabase', () => ({ getSupabase: () => fake.client }));
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2025-03-10T12:00:00Z') });
  host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

const render = (element: Parameters<Root['render']>[0]) => act(async () => root.render(element));
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
const button = (name: string) => [...host.querySelectorAll('button')].find((b) => b.textContent?.trim() === name) as HTMLButtonElement;

describe('nav', () => {
  it('scrolls to the section of the hash about 100 ms after arriving from another route', () => {
    const section = document.body.appendChild(document.createElement('section'));
    section.id = 'programs';
    section.scrollIntoView = vi.fn();
    window.history.replaceState(null, '', '/#programs');
    scrollToHashAfterLoad(window);
    vi.advanceTimersByTime(99);
    expect(section.scrollIntoView).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(section.scrollIntoView).toHaveBeenCalledOnce();
    section.remove();
  });
});

describe('asset manager', () => {
  it('shows the built-in catalogue after a 100 ms delay', async () => {
    fake.client = {
      storage: { from: () => ({ list: async () => ({ data: [], error: null }), getPublicUrl: () => ({ data: { publicUrl: 'http://storage.test/file' } }) }) },
    };
    const media = {
      logo: 'brand/logo.png',
      heroVideoDesktop: 'hero/hero-desktop.mp4',
      heroVideoMobile: 'hero/hero-mobile.mp4',
      communityVideo: 'community/community.mp4',
    };
    await render(createElement(AssetManager, { copy: adminPage.assets, assets: catalogue as AdminAsset[], bucket: 'videos', media }));
    const total = () => host.querySelector('ul[aria-busy] li p')?.textContent;
    await advance(99);
    expect(total()).toBe('–');
    await advance(1);
    expect(total()).toBe('46');
  });

  it('lists the top level of the bucket by name, 100 entries a page (one more asked, to know a next page exists)', async () => {
    const entries = Array.from({ length: 101 }, (_, i) => ({ name: `clip-${String(i).padStart(3, '0')}.webm`, id: String(i), metadata: { size: 1 } }));
    const list = vi.fn(async (_folder: string, options: { offset: number }) => ({ data: entries.slice(options.offset), error: null }));
    fake.client = { storage: { from: () => ({ list, getPublicUrl: () => ({ data: { publicUrl: 'http://storage.test/file' } }) }) } };
    await render(createElement(CloudFiles, { copy: adminPage.assets.cloud, bucket: 'videos', request: { version: 0, folder: null } }));
    expect(list).toHaveBeenCalledWith('', { limit: 101, offset: 0, sortBy: { column: 'name', order: 'asc' } });
    expect(host.querySelectorAll('ul li')).toHaveLength(100);
    await act(async () => button('Next page').click());
    expect(list).toHaveBeenLastCalledWith('', { limit: 101, offset: 100, sortBy: { column: 'name', order: 'asc' } });
    expect(host.querySelectorAll('ul li')).toHaveLength(1);
    expect(document.activeElement?.textContent).toBe('videos/: items 101 to 101');
  });
});

describe('calendar debugger', () => {
  const mount = () => render(createElement(CalendarDebugger, { copy: adminPage.debugger, defaultCalendarId: 'cal-1' }));

  it('Run All calls list, details, then slots, with a 500 ms pause between', async () => {
    const calls: { name: string; at: number }[] = [];
    const invoke = async (name: string, options: { method?: string } = {}) => {
      // On opening, the debugger asks the server for its location (a GET): not a step.
      if (options.method === 'GET') return { data: { locationId: 'loc-server' }, error: null };
      calls.push({ name, at: Date.now() });
      return { data: name === 'ghl-calendar-details' ? { calendar: { name: 'Intro call', teamMembers: [] } } : {}, error: null };
    };
    fake.client = { functions: { invoke } };
    await mount();
    const start = Date.now();
    await act(async () => button('Run All Tests').click());
    await advance(499);
    expect(calls.map((call) => call.name)).toEqual(['ghl-list-calendars']);
    await advance(1000);
    expect(calls.map((call) => [call.name, call.at - start])).toEqual([
      ['ghl-list-calendars', 0],
      ['ghl-calendar-details', 500],
      ['ghl-calendar-availability', 1000],
    ]);
  });

  it('fills in the server’s location only into an empty field the admin is not in', async () => {
    const answers: ((value: unknown) => void)[] = [];
    fake.client = { functions: { invoke: () => new Promise((resolve) => answers.push(resolve)) } };
    const serverAnswers = () => act(async () => answers.shift()!({ data: { locationId: 'loc-server' }, error: null }));
    const location = () => {
      const label = [...host.querySelectorAll('label')].find((l) => l.textContent === adminPage.debugger.locationId)!;
      return document.getElementById(label.htmlFor) as HTMLInputElement;
    };

    await mount();
    await serverAnswers();
    expect(location().value).toBe('loc-server');

    // Tapped into, still empty, when the answer comes: left for the admin to type in.
    act(() => root.unmount());
    root = createRoot(host);
    await mount();
    location().focus();
    await serverAnswers();
    expect(location().value).toBe('');
  });

  it('offers Los Angeles, Denver, Chicago, New York, UTC and the browser’s own time zone', async () => {
    vi.stubEnv('TZ', 'Europe/Paris');
    await mount();
    const select = [...host.querySelectorAll('select')].find((s) => s.querySelector('option[value="UTC"]')) as HTMLSelectElement;
    expect([...select.options].map((option) => [option.value, option.text])).toEqual([
      ['America/Los_Angeles', 'Los Angeles'],
      ['America/Denver', 'Denver'],
      ['America/Chicago', 'Chicago'],
      ['America/New_York', 'New York'],
      ['UTC', 'UTC'],
      ['Europe/Paris', 'This browser (Europe/Paris)'],
    ]);
    expect(select.value).toBe('Europe/Paris');
  });

  it('date presets Today, Tomorrow, In 2 days and Next week (+7 days)', async () => {
    await mount();
    const date = host.querySelector<HTMLInputElement>('input[type="date"]');
    const picked: Record<string, string | undefined> = {};
    for (const preset of ['Next week', 'In 2 days', 'Tomorrow', 'Today']) {
      await act(async () => button(preset).click());
      picked[preset] = date?.value;
    }
    expect(picked).toEqual({ Today: '2025-03-10', Tomorrow: '2025-03-11', 'In 2 days': '2025-03-12', 'Next week': '2025-03-17' });
  });
});

it('the screener labels experience 0-1, 1-3 and 3+ years', () => {
  const experience = questions.map((question) => screenerQuestionSchema.parse(question)).find((question) => question.id === 'experience');
  expect(experience?.options.map((option) => [option.value, option.hint])).toEqual([
    ['beginner', '0-1 years'],
    ['intermediate', '1-3 years'],
    ['advanced', '3+ years'],
  ]);
});
