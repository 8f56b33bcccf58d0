/** The admin's storage rules: file kinds, folder paths and paging, the uploads folder, the site media checks and cache times. */
import { describe, expect, it } from 'vitest';
import { extensionOf, fileKind } from '~/features/admin/assets/file-kind';
import { SITE_MEDIA_CACHE_SECONDS, acceptFor, checkMediaFile, maxAgeSeconds, minutesOf, siteMediaSlots, versionedUrl } from '~/features/admin/assets/site-media';
import {
  LIST_PAGE_SIZE,
  breadcrumbTrail,
  joinPath,
  listPageOptions,
  normalizeFolder,
  pageOfListing,
  parentFolder,
  splitPath,
  uploadObjectPath,
} from '~/features/admin/assets/storage-paths';
import { uploadFingerprint } from '~/features/admin/assets/upload';
import settings from '../../src/content/pages/settings.json';

const MB = 1024 * 1024;

describe('file kinds', () => {
  it('calls webm, mp4, mov, avi and m4v a video, in any case', () => {
    for (const name of ['a.webm', 'b.mp4', 'C.MOV', 'd.avi', 'e.m4v', 'hero/hero-desktop.mp4']) expect(fileKind(name), name).toBe('video');
  });
  it('calls image types an image, and anything else a file', () => {
    for (const name of ['logo.png', 'a.JPG', 'b.jpeg', 'c.webp', 'd.avif', 'e.gif', 'f.svg']) expect(fileKind(name), name).toBe('image');
    for (const name of ['notes.txt', 'mp4', 'archive.zip', 'video.mp4.part2']) expect(fileKind(name), name).toBe('file');
  });
  it('falls back to the stored content type when the name has no known extension', () => {
    expect(fileKind('clip', 'video/webm')).toBe('video');
    expect(fileKind('still', 'image/png; charset=binary')).toBe('image');
    expect(fileKind('data.bin', 'application/octet-stream')).toBe('file');
    // The name decides first: a webm stored under hero-desktop.mp4 is still a video.
    expect(fileKind('logo.png', 'video/mp4')).toBe('image');
  });
  it('reads the extension of the last path segment', () => {
    expect(extensionOf('folder.v2/readme')).toBe('');
    expect(extensionOf('hero/Hero.MP4')).toBe('mp4');
  });
});

describe('folders, paths and the uploads folder', () => {
  it('joins, splits and climbs folders', () => {
    expect(normalizeFolder('/hero//clips/')).toBe('hero/clips');
    expect(joinPath('', 'hero')).toBe('hero');
    expect(joinPath('hero/', 'hero-desktop.mp4')).toBe('hero/hero-desktop.mp4');
    expect(parentFolder('hero/clips')).toBe('hero');
    expect(parentFolder('hero')).toBe('');
    expect(parentFolder('')).toBe('');
    expect(splitPath('hero/hero-desktop.mp4')).toEqual({ folder: 'hero', name: 'hero-desktop.mp4' });
    expect(splitPath('top.png')).toEqual({ folder: '', name: 'top.png' });
  });
  it('lists each folder from the top down for the breadcrumb', () => {
    expect(breadcrumbTrail('')).toEqual([]);
    expect(breadcrumbTrail('hero/clips')).toEqual([
      { name: 'hero', path: 'hero' },
      { name: 'clips', path: 'hero/clips' },
    ]);
  });
  it('puts uploads in uploads/, and refuses what is not a file name', () => {
    expect(uploadObjectPath('action-training-kayla-squat-1.jpg')).toBe('uploads/action-training-kayla-squat-1.jpg');
    expect(() => uploadObjectPath('')).toThrow('Not a file name');
    expect(() => uploadObjectPath('hero/hero-desktop.mp4')).toThrow('Not a file name');
  });
});

describe('paging a folder', () => {
  it('asks for one entry more than a page shows, from the page offset', () => {
    expect(listPageOptions(0)).toEqual({ limit: 101, offset: 0, sortBy: { column: 'name', order: 'asc' } });
    expect(listPageOptions(2)).toMatchObject({ limit: 101, offset: 200 });
    expect(listPageOptions(-1)).toMatchObject({ offset: 0 });
    expect(listPageOptions(1.5)).toMatchObject({ offset: 0 });
  });
  it('shows 100, tells folders from files, and knows whether a next page exists', () => {
    const entries = [{ name: 'clips', id: null }, ...Array.from({ length: LIST_PAGE_SIZE }, (_, i) => ({ name: `f${i}`, id: String(i) }))];
    const first = pageOfListing(entries, 0);
    expect(first.folders).toEqual([{ name: 'clips', id: null }]);
    expect(first.files).toHaveLength(99);
    expect(first).toMatchObject({ hasNext: true, from: 1, to: 100 });
    expect(pageOfListing(entries.slice(0, 100), 0)).toMatchObject({ hasNext: false, to: 100 });
    expect(pageOfListing(entries.slice(0, 5), 3)).toMatchObject({ hasNext: false, from: 301, to: 305 });
    expect(pageOfListing([], 0)).toMatchObject({ hasNext: false, from: 0, to: 0, folders: [], files: [] });
  });
});

describe('site media', () => {
  it('are the four files the pages read, at the paths of settings.json', () => {
    expect(siteMediaSlots(settings.storage)).toEqual([
      { id: 'heroVideoDesktop', path: 'hero/hero-desktop.mp4', kind: 'video' },
      { id: 'heroVideoMobile', path: 'hero/hero-mobile.mp4', kind: 'video' },
      { id: 'communityVideo', path: 'community/community.mp4', kind: 'video' },
      { id: 'logo', path: 'brand/logo.png', kind: 'image' },
    ]);
  });

  it('take an MP4 or WebM video up to 100 MB, stored with its content type', () => {
    expect(checkMediaFile('video', { name: 'new.webm', type: 'video/webm', size: 8151 })).toEqual({ ok: true, contentType: 'video/webm' });
    expect(checkMediaFile('video', { name: 'clip.mp4', type: 'video/mp4', size: 100 * MB })).toEqual({ ok: true, contentType: 'video/mp4' });
    // No type from the browser: the extension decides.
    expect(checkMediaFile('video', { name: 'clip.M4V', type: '', size: 10 })).toEqual({ ok: true, contentType: 'video/mp4' });
  });

  it('refuse the wrong kind, another format, an empty file and one over the limit', () => {
    expect(checkMediaFile('video', { name: 'logo.png', type: 'image/png', size: 10 })).toEqual({ ok: false, problem: 'type', maxBytes: 100 * MB });
    expect(checkMediaFile('video', { name: 'clip.mov', type: 'video/quicktime', size: 10 })).toMatchObject({ ok: false, problem: 'type' });
    expect(checkMediaFile('video', { name: 'notes', type: '', size: 10 })).toMatchObject({ ok: false, problem: 'type' });
    expect(checkMediaFile('video', { name: 'empty.mp4', type: 'video/mp4', size: 0 })).toMatchObject({ ok: false, problem: 'empty' });
    expect(checkMediaFile('video', { name: 'long.mp4', type: 'video/mp4', size: 100 * MB + 1 })).toMatchObject({ ok: false, problem: 'size' });
    expect(checkMediaFile('image', { name: 'clip.webm', type: 'video/webm', size: 10 })).toEqual({ ok: false, problem: 'type', maxBytes: 2 * MB });
    // The public bucket refuses SVG (a script inside one would run from its public URL).
    expect(checkMediaFile('image', { name: 'logo.svg', type: 'image/svg+xml', size: 10 })).toMatchObject({ ok: false, problem: 'type' });
    expect(checkMediaFile('image', { name: 'logo.png', type: 'image/png', size: 2 * MB + 1 })).toMatchObject({ ok: false, problem: 'size' });
    expect(checkMediaFile('image', { name: 'logo.jpeg', type: 'image/jpeg', size: 2 * MB })).toEqual({ ok: true, contentType: 'image/jpeg' });
  });

  it('offer the file picker only their formats', () => {
    expect(acceptFor('video')).toBe('video/mp4,video/webm,.mp4,.m4v,.webm');
    expect(acceptFor('image')).toBe('image/png,image/jpeg,image/webp,image/avif,.png,.jpg,.jpeg,.webp,.avif');
  });

  it('are cached 5 minutes after a replacement; a stored cache time reads in minutes', () => {
    expect(SITE_MEDIA_CACHE_SECONDS).toBe(300);
    expect(maxAgeSeconds('max-age=3600')).toBe(3600);
    expect(maxAgeSeconds('public, max-age=300, immutable')).toBe(300);
    expect(maxAgeSeconds('no-cache')).toBeNull();
    expect(maxAgeSeconds(undefined)).toBeNull();
    expect(maxAgeSeconds('s-maxage=60')).toBeNull();
    expect(minutesOf(3600)).toBe(60);
    expect(minutesOf(90)).toBe(2);
  });

  it('preview the stored file at its version, past the admin browser cache', () => {
    const url = 'http://127.0.0.1:54321/storage/v1/object/public/videos/hero/hero-desktop.mp4';
    expect(versionedUrl(url, '"abc"')).toBe(`${url}?v=%22abc%22`);
    expect(versionedUrl(`${url}?download=`, '1')).toBe(`${url}?download=&v=1`);
    expect(versionedUrl(url, null)).toBe(url);
  });
});

describe('resumable uploads', () => {
  it('resume only an upload of the same file to the same path', () => {
    const file = { name: 'clip.webm', type: 'video/webm', size: 8151, lastModified: 1 };
    const endpoint = 'http://127.0.0.1:54321/storage/v1/upload/resumable';
    const hero = uploadFingerprint(file, 'videos', 'hero/hero-desktop.mp4', endpoint);
    expect(hero).toBe(uploadFingerprint({ ...file }, 'videos', 'hero/hero-desktop.mp4', endpoint));
    expect(hero).not.toBe(uploadFingerprint(file, 'videos', 'uploads/clip.webm', endpoint));
    expect(hero).not.toBe(uploadFingerprint({ ...file, lastModified: 2 }, 'videos', 'hero/hero-desktop.mp4', endpoint));
  });
});
