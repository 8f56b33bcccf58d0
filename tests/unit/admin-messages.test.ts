// @vitest-environment jsdom
/** The asset manager's notices and empty states (copy from admin.json) against failing storage. */
import { createClient } from '@supabase/supabase-js';
import { StorageUnknownError } from '@supabase/storage-js';
import { act, createElement } from 'react';
import { type Root, createRoot } from 'react-dom/client';
import { toast } from 'sonner';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import BrowseAssets from '~/features/admin/assets/BrowseAssets';
import CloudFiles from '~/features/admin/assets/CloudFiles';
import UploadForm from '~/features/admin/assets/UploadForm';
import adminPage from '../../src/content/pages/admin.json';

const fake = vi.hoisted(() => ({ client: undefined as unknown }));
vi.mock('~/lib/supabase', () => ({ getSupabase: () => fake.client }));
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const copy = adminPage.assets;
const FILE = { id: '1', name: 'hero-main-kayla-stage-1.jpg', metadata: { size: 2048 }, created_at: null, updated_at: null };

/** A client whose storage answers through `handle`. */
function fakeStorage(handle: { list?: () => Promise<unknown>; remove?: () => Promise<unknown>; upload?: () => Promise<unknown> }) {
  const bucket = {
    list: handle.list ?? (async () => ({ data: [FILE], error: null })),
    remove: handle.remove ?? (async () => ({ data: [FILE], error: null })),
    upload: handle.upload ?? (async () => ({ data: {}, error: null })),
    getPublicUrl: () => ({ data: { publicUrl: 'http://storage.test/file' } }),
  };
  return { storage: { from: () => bucket }, auth: { getSession: async () => ({ data: { session: null } }) } };
}

/** The real supabase-js client; the network is down for every request but the listing. */
const offline = (() => {
  const fetch = async (input: RequestInfo | URL) => {
    if (String(input).includes('/object/list/')) return new Response(JSON.stringify([FILE]), { headers: { 'content-type': 'application/json' } });
    throw new TypeError('Failed to fetch');
  };
  return createClient('http://127.0.0.1:9', 'anon', { auth: { persistSession: false, autoRefreshToken: false }, global: { fetch } });
})();

let root: Root;
let host: HTMLElement;
let logged: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
  logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

const render = (element: Parameters<Root['render']>[0]) => act(async () => root.render(element));
const click = (label: string) => act(async () => [...host.querySelectorAll('button')].find((b) => b.textContent === label)!.click());
const lastToast = (kind: 'success' | 'error') => vi.mocked(toast[kind]).mock.calls.at(-1);

it.each([
  ['an error', async () => ({ data: null, error: { message: 'denied' } }), 'Delete Failed', 'Failed to delete the file. Please try again.'],
  ['200 [] (nothing deleted)', async () => ({ data: [], error: null }), 'Delete Failed', 'Failed to delete the file. Please try again.'],
  ['a throw', async () => Promise.reject(new Error('boom')), 'Delete Error', 'An error occurred while deleting the file.'],
])('a delete answered with %s shows its notice', async (_what, remove, title, description) => {
  fake.client = fakeStorage({ remove });
  await render(createElement(CloudFiles, { copy: copy.cloud, bucket: 'videos', request: { version: 0, folder: null } }));
  await click('Delete');
  expect(lastToast('error')).toEqual([title, { description }]);
  expect(toast.success).not.toHaveBeenCalled();
});

it('a delete that fails with StorageUnknownError (no status) is logged and shows Delete Failed', async () => {
  const { error } = await offline.storage.from('videos').remove([FILE.name]);
  expect(error).toBeInstanceOf(StorageUnknownError);
  fake.client = offline;
  await render(createElement(CloudFiles, { copy: copy.cloud, bucket: 'videos', request: { version: 0, folder: null } }));
  await click('Delete');
  await vi.waitFor(() => expect(lastToast('error')?.[0]).toBe('Delete Failed'));
  expect(logged).toHaveBeenCalledWith('Delete failed:', 'Failed to fetch');
});

it('a listing that fails with StorageUnknownError is logged and lists no file', async () => {
  const failure = new StorageUnknownError('Failed to fetch', new TypeError('Failed to fetch'));
  fake.client = fakeStorage({ list: async () => ({ data: null, error: failure }) });
  await render(createElement(CloudFiles, { copy: copy.cloud, bucket: 'videos', request: { version: 0, folder: null } }));
  expect(logged).toHaveBeenCalledWith('Listing the storage bucket failed:', 'Failed to fetch');
  expect(host.querySelector('[role="alert"]')?.textContent).toBe('The file list could not be loaded.');
  expect(host.querySelector('ul')).toBeNull();
});

it('Browse reads Loading assets... until the catalogue arrives, then the empty state', async () => {
  fake.client = fakeStorage({});
  const media = { logo: 'brand/logo.png', heroVideoDesktop: 'hero/hero-desktop.mp4', heroVideoMobile: 'hero/hero-mobile.mp4', communityVideo: 'community/community.mp4' };
  const props = { copy, bucket: 'videos', media, cloudRequest: { version: 0, folder: null }, onMediaReplaced: () => {} };
  const catalogue = () => host.querySelector('[aria-labelledby="site-images-heading"]')!;
  await render(createElement(BrowseAssets, { ...props, assets: null }));
  expect(catalogue().querySelector('[role="status"]')?.textContent).toBe('Loading assets...');
  await render(createElement(BrowseAssets, { ...props, assets: [] }));
  const empty = catalogue().querySelector('.border-dashed')?.textContent;
  expect(empty).toBe('No assets foundUpload your first asset to get started');
});

async function uploadOne() {
  await render(createElement(UploadForm, { copy, bucket: 'videos', onUploaded: () => {} }));
  const [category, subcategory] = host.querySelectorAll('select');
  const choose = (select: HTMLSelectElement, value: string) => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  };
  await act(async () => choose(category!, 'hero'));
  await act(async () => choose(subcategory!, 'main'));
  const descriptor = host.querySelector<HTMLInputElement>('input[id$="-descriptor"]')!;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(descriptor, 'stage');
    descriptor.dispatchEvent(new Event('input', { bubbles: true }));
  });
  const picker = host.querySelector<HTMLInputElement>('input[type="file"]')!;
  expect(picker.accept).toBe('image/*,video/*');
  Object.defineProperty(picker, 'files', { value: [new File(['x'], 'photo.jpg', { type: 'image/jpeg' })] });
  await act(async () => picker.dispatchEvent(new Event('change', { bubbles: true })));
  await act(async () => host.querySelector('form')!.requestSubmit());
}

it('an upload that throws shows Upload Error', async () => {
  fake.client = fakeStorage({ upload: async () => Promise.reject(new Error('boom')) });
  await uploadOne();
  expect(lastToast('error')).toEqual(['Upload Error', { description: 'An unexpected error occurred. Please try again.' }]);
});

it('an upload that fails with StorageUnknownError shows Upload Failed', async () => {
  fake.client = offline;
  await uploadOne();
  await vi.waitFor(() => expect(lastToast('error')?.[0]).toBe('Upload Failed'));
  expect(logged).toHaveBeenCalledWith('Upload failed:', 'Failed to fetch');
});
