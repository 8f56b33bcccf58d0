#!/usr/bin/env node
/**
 * Writes the small placeholder files of the admin's sample asset catalogue
 * (src/content/admin-assets.json) to public/uploads/, one per asset, named by the naming
 * convention. Each is a ~3 KB JPEG in the brand palette with the asset's category and
 * descriptor on it; real photos replace them under the same names.
 *
 *   node tools/make-upload-placeholders.mjs
 */
import { mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'public/uploads');
const assets = JSON.parse(readFileSync(join(ROOT, 'src/content/admin-assets.json'), 'utf8'));

const COLOURS = {
  hero: ['#067A76', '#0ABAB5'],
  portrait: ['#0F172A', '#067A76'],
  action: ['#054F4C', '#0ABAB5'],
  partnership: ['#0F172A', '#F26B5B'],
  lifestyle: ['#067A76', '#F5EFE6'],
  product: ['#0B2E38', '#7FDDD9'],
  testimonial: ['#F26B5B', '#F5EFE6'],
};

const escape = (text) => text.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c]);

function svg(asset) {
  const [from, to] = COLOURS[asset.category] ?? ['#067A76', '#0ABAB5'];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="400" viewBox="0 0 320 400">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="320" height="400" fill="url(#g)"/>
  <circle cx="250" cy="90" r="70" fill="#FFFFFF" fill-opacity="0.12"/>
  <text x="24" y="330" font-family="sans-serif" font-size="22" font-weight="700" fill="#FFFFFF">${escape(asset.category.toUpperCase())}</text>
  <text x="24" y="362" font-family="sans-serif" font-size="16" fill="#FFFFFF">${escape(`${asset.subcategory} · ${asset.descriptor}`)}</text>
</svg>`;
}

mkdirSync(OUT, { recursive: true });
const wanted = new Set(assets.map((asset) => asset.filename));
for (const name of readdirSync(OUT)) if (!wanted.has(name)) rmSync(join(OUT, name));
let total = 0;
for (const asset of assets) {
  const info = await sharp(Buffer.from(svg(asset)))
    .jpeg({ quality: 55, mozjpeg: true })
    .toFile(join(OUT, asset.filename));
  total += info.size;
}
console.log(`wrote ${assets.length} placeholders to public/uploads (${(total / 1024).toFixed(0)} KB in all)`);
