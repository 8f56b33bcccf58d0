#!/usr/bin/env node
/**
 * Generates the placeholder artwork used until real photos are supplied:
 * abstract duotone/gradient images in the brand palette with a subject label.
 *
 *   node tools/make-placeholders.mjs            # (re)generate everything
 *   node tools/make-placeholders.mjs resources  # only some groups (see GROUPS below)
 *
 * Lists (ids, names, results, titles) and output paths are read from the content JSON
 * files in src/content, so adding an entry there and re-running this script is enough.
 * Image paths in the JSON are resolved relative to the JSON file, exactly as Astro does.
 *
 * Replacing a placeholder with a real photo: overwrite the .jpg at the same path (same
 * aspect ratio), or point the JSON entry at the new file.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CONTENT = join(ROOT, 'src/content');
const PUBLIC = join(ROOT, 'public');

/* ---------------------------------------------------------------- palette */

const C = {
  teal: '#0ABAB5',
  deep: '#067A76',
  ink: '#0F172A',
  sand: '#F5EFE6',
  coral: '#F26B5B',
  mint: '#7FDDD9',
  night: '#0B2E38',
};

/** Background schemes: gradient stops, blurred glow colours, motif colour. */
const SCHEMES = [
  { name: 'lagoon', stops: [C.deep, C.teal], glows: [C.mint, C.sand, C.deep], motif: C.sand, accent: C.coral },
  { name: 'deep', stops: [C.ink, C.deep], glows: [C.teal, C.mint, C.night], motif: C.mint, accent: C.coral },
  { name: 'dusk', stops: [C.night, C.teal], glows: [C.teal, C.coral, C.ink], motif: C.sand, accent: C.coral },
  { name: 'sand', stops: [C.sand, '#BFE9E6'], glows: [C.teal, C.mint, '#FFFFFF'], motif: C.deep, accent: C.coral, light: true },
  { name: 'ink', stops: [C.ink, C.night], glows: [C.teal, C.deep, C.coral], motif: C.teal, accent: C.coral },
  { name: 'tide', stops: [C.teal, C.night], glows: [C.sand, C.mint, C.deep], motif: C.sand, accent: C.coral },
];

const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

/* ---------------------------------------------------------------- helpers */

function hash(text) {
  let h = 2166136261;
  for (const ch of text) {
    h ^= ch.codePointAt(0);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** Small deterministic PRNG so re-running the script gives identical files. */
function rng(seedText) {
  let a = hash(seedText);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const r1 = (n) => Math.round(n * 10) / 10;

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** Resolve an image path written in a JSON file (relative to that file). */
const fromJson = (jsonFile, imagePath) => resolve(dirname(jsonFile), imagePath);

/** Rough width of a string in DejaVu Sans Bold, in em. */
function textWidthEm(text) {
  let w = 0;
  for (const ch of text) {
    if (ch === ' ') w += 0.35;
    else if ("il.,:;'|!".includes(ch)) w += 0.34;
    else if ('fjrt-()'.includes(ch)) w += 0.45;
    else if ('mwMW'.includes(ch)) w += 1.0;
    else if (ch >= 'A' && ch <= 'Z') w += 0.76;
    else if (ch >= '0' && ch <= '9') w += 0.7;
    else w += 0.66;
  }
  return w;
}

/** Greedy word wrap to a width in em. */
function wrap(text, maxEm) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidthEm(next) > maxEm) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** Font size and lines so a text fits a box (max lines, max size). */
function fit(text, maxWidth, maxSize, maxLines = 3) {
  for (let size = maxSize; size > 8; size -= 2) {
    const lines = wrap(text, maxWidth / size);
    if (lines.length <= maxLines && lines.every((l) => textWidthEm(l) * size <= maxWidth)) return { size, lines };
  }
  return { size: 10, lines: wrap(text, maxWidth / 10) };
}

function initials(name) {
  return name
    .replace(/[^A-Za-z\s]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((p) => p[0].toUpperCase())
    .slice(0, 2)
    .join('');
}

/* ---------------------------------------------------------------- building blocks */

function gradientDefs(id, W, H, stops, angleDeg) {
  const a = (angleDeg * Math.PI) / 180;
  const cx = W / 2;
  const cy = H / 2;
  const len = (Math.abs(Math.cos(a)) * W + Math.abs(Math.sin(a)) * H) / 2;
  const dx = Math.cos(a) * len;
  const dy = Math.sin(a) * len;
  return `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${r1(cx - dx)}" y1="${r1(cy - dy)}" x2="${r1(cx + dx)}" y2="${r1(cy + dy)}">
    <stop offset="0" stop-color="${stops[0]}"/><stop offset="1" stop-color="${stops[1]}"/></linearGradient>`;
}

/** Soft, heavily blurred circles: the main "photographic" depth of every image. */
function glows(W, H, scheme, rand, { count = 3, calmLeft = false, strength = 1 } = {}) {
  const m = Math.min(W, H);
  let out = '';
  for (let i = 0; i < count; i++) {
    const r = m * (0.28 + rand() * 0.32);
    const xMin = calmLeft ? 0.55 : -0.1;
    const x = W * (xMin + rand() * (1.1 - xMin));
    const y = H * (-0.1 + rand() * 1.1);
    const color = scheme.glows[i % scheme.glows.length];
    // Coral is an accent: as a big blurred glow it turns muddy, so keep it faint.
    const op = (0.35 + rand() * 0.3) * strength * (color === C.coral ? 0.45 : 1);
    out += `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(r)}" fill="${color}" opacity="${r1(op * 100) / 100}"/>`;
  }
  return `<g filter="url(#blur)">${out}</g>`;
}

/** Large thin arcs that add structure without detail. */
function arcs(W, H, color, rand, opacity = 0.18) {
  const m = Math.min(W, H);
  const cx = W * (0.6 + rand() * 0.5);
  const cy = H * (rand() * 0.5);
  let out = '';
  for (let i = 0; i < 3; i++) {
    const r = m * (0.35 + i * 0.16);
    out += `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="none" stroke="${color}" stroke-width="${r1(m * 0.006)}"/>`;
  }
  return `<g opacity="${opacity}">${out}</g>`;
}

/** A weight plate seen from the front. */
function plate(cx, cy, r, color, opacity = 0.9) {
  return `<g opacity="${opacity}" fill="none" stroke="${color}">
    <circle cx="${cx}" cy="${cy}" r="${r1(r)}" stroke-width="${r1(r * 0.05)}"/>
    <circle cx="${cx}" cy="${cy}" r="${r1(r * 0.8)}" stroke-width="${r1(r * 0.02)}"/>
    <circle cx="${cx}" cy="${cy}" r="${r1(r * 0.22)}" stroke-width="${r1(r * 0.06)}"/>
    <circle cx="${cx}" cy="${cy}" r="${r1(r * 0.07)}" fill="${color}" stroke="none"/>
  </g>`;
}

/** A dumbbell, centred, rotated by angle degrees. */
function dumbbell(cx, cy, len, angle, color, opacity = 0.9) {
  const u = len / 10;
  const bar = `<rect x="${r1(-len / 2)}" y="${r1(-u * 0.3)}" width="${r1(len)}" height="${r1(u * 0.6)}" rx="${r1(u * 0.3)}"/>`;
  const plates = [-1, 1]
    .map((s) => {
      const big = `<rect x="${r1(s * len * 0.36 - u * 0.6)}" y="${r1(-u * 1.8)}" width="${r1(u * 1.2)}" height="${r1(u * 3.6)}" rx="${r1(u * 0.35)}"/>`;
      const small = `<rect x="${r1(s * len * 0.47 - u * 0.45)}" y="${r1(-u * 1.2)}" width="${r1(u * 0.9)}" height="${r1(u * 2.4)}" rx="${r1(u * 0.3)}"/>`;
      return big + small;
    })
    .join('');
  return `<g transform="translate(${r1(cx)} ${r1(cy)}) rotate(${angle})" fill="${color}" opacity="${opacity}">${bar}${plates}</g>`;
}

/** Three rank chevrons with a star: the military motif. */
function chevrons(cx, cy, size, color, accent, opacity = 0.9) {
  const s = size / 100;
  let out = '';
  for (let i = 0; i < 3; i++) {
    const y = i * 26;
    out += `<path d="M-40 ${y + 30} L0 ${y} L40 ${y + 30}" />`;
  }
  const star = `<path transform="translate(0 -38) scale(0.9)" fill="${accent}" stroke="none" d="M0 -18 L5.3 -5.6 L18.8 -5.6 L7.9 2.2 L12 15 L0 7.3 L-12 15 L-7.9 2.2 L-18.8 -5.6 L-5.3 -5.6 Z"/>`;
  return `<g transform="translate(${r1(cx)} ${r1(cy - size * 0.2)}) scale(${r1(s * 100) / 100})" fill="none" stroke="${color}" stroke-width="11" stroke-linecap="round" stroke-linejoin="round" opacity="${opacity}">${out}${star}</g>`;
}

/** A bowl with leaves: the nutrition motif. */
function bowl(cx, cy, size, color, accent, opacity = 0.9) {
  const s = size / 100;
  return `<g transform="translate(${r1(cx)} ${r1(cy)}) scale(${r1(s * 100) / 100})" opacity="${opacity}">
    <path d="M-22 -8 C-30 -40 -6 -58 8 -56 C10 -36 -4 -16 -22 -8 Z" fill="${color}"/>
    <path d="M4 -10 C14 -38 40 -44 50 -36 C42 -18 22 -8 4 -10 Z" fill="${color}" opacity="0.75"/>
    <circle cx="-34" cy="-14" r="12" fill="${accent}"/>
    <path d="M-52 -4 H52 C52 26 28 46 0 46 C-28 46 -52 26 -52 -4 Z" fill="none" stroke="${color}" stroke-width="8" stroke-linejoin="round"/>
    <path d="M-22 56 H22" stroke="${color}" stroke-width="8" stroke-linecap="round"/>
  </g>`;
}

/**
 * A pictogram figure (ISO-sign style). Coordinates: head at y=10, feet at y=100.
 * Poses: stand, flex, press, squat, pullup, bench.
 */
function figure(cx, cy, height, pose, color, opacity = 0.9, accent = color) {
  const s = height / 100;
  const line = (pts, w = 9) =>
    `<polyline points="${pts.map((p) => p.join(',')).join(' ')}" fill="none" stroke="${color}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"/>`;
  const head = (x, y) => `<circle cx="${x}" cy="${y}" r="8.5" fill="${color}"/>`;
  const barbell = (x1, x2, y) =>
    `<line x1="${x1}" y1="${y}" x2="${x2}" y2="${y}" stroke="${color}" stroke-width="3.5" stroke-linecap="round"/>` +
    [x1 + 6, x2 - 6].map((x) => `<rect x="${x - 3.5}" y="${y - 13}" width="7" height="26" rx="2.5" fill="${accent}"/>`).join('');
  let body = '';
  // One [x, y] joint after another on a line reads as the figure: keep the hand layout.
  // prettier-ignore
  switch (pose) {
    case 'flex':
      body =
        head(0, 10) +
        line([[0, 24], [0, 54]], 17) +
        line([[-7, 27], [-22, 29], [-24, 13]]) +
        line([[7, 27], [22, 29], [24, 13]]) +
        line([[-5, 58], [-12, 78], [-15, 99]]) +
        line([[5, 58], [12, 78], [15, 99]]);
      break;
    case 'press':
      body =
        barbell(-44, 44, -6) +
        head(0, 10) +
        line([[0, 24], [0, 54]], 17) +
        line([[-7, 27], [-17, 13], [-19, -6]]) +
        line([[7, 27], [17, 13], [19, -6]]) +
        line([[-5, 58], [-9, 78], [-11, 99]]) +
        line([[5, 58], [9, 78], [11, 99]]);
      break;
    case 'squat':
      body =
        barbell(-30, 42, 33) +
        head(10, 26) +
        line([[6, 40], [-6, 66]], 17) +
        line([[6, 42], [16, 36]]) +
        line([[-6, 70], [18, 74], [12, 98], [22, 98]]) +
        line([[-10, 70], [12, 78], [4, 98], [14, 98]], 8);
      break;
    case 'plank':
      body =
        `<line x1="-60" y1="102" x2="66" y2="102" stroke="${accent}" stroke-width="4" stroke-linecap="round"/>` +
        head(-46, 64) +
        line([[-34, 72], [12, 82]], 15) +
        line([[12, 82], [58, 96]]) +
        line([[-32, 74], [-32, 97], [-14, 97]]);
      break;
    case 'pullup':
      body =
        `<line x1="-36" y1="-8" x2="36" y2="-8" stroke="${accent}" stroke-width="5" stroke-linecap="round"/>` +
        head(0, 12) +
        line([[0, 26], [0, 56]], 17) +
        line([[-7, 28], [-20, 14], [-18, -8]]) +
        line([[7, 28], [20, 14], [18, -8]]) +
        line([[-4, 60], [-6, 80], [2, 96]]) +
        line([[4, 60], [6, 80], [12, 94]]);
      break;
    case 'bench':
      body =
        `<rect x="-46" y="66" width="70" height="7" rx="3" fill="${accent}"/>` +
        `<line x1="-38" y1="73" x2="-38" y2="99" stroke="${color}" stroke-width="5" stroke-linecap="round"/>` +
        `<line x1="16" y1="73" x2="16" y2="99" stroke="${color}" stroke-width="5" stroke-linecap="round"/>` +
        barbell(-30, 30, 14) +
        head(-32, 52) +
        line([[-18, 58], [14, 58]], 16) +
        line([[-12, 54], [-8, 32], [-6, 14]]) +
        line([[16, 60], [32, 72], [30, 99]]);
      break;
    default:
      body =
        head(0, 10) +
        line([[0, 24], [0, 54]], 17) +
        line([[-7, 27], [-19, 40], [-9, 52]]) +
        line([[7, 27], [19, 40], [9, 52]]) +
        line([[-5, 58], [-8, 78], [-9, 99]]) +
        line([[5, 58], [8, 78], [9, 99]]);
  }
  return `<g transform="translate(${r1(cx)} ${r1(cy - height * 0.55)}) scale(${r1(s * 1000) / 1000})" opacity="${opacity}">${body}</g>`;
}

/** Dark gradient at the bottom so a label is legible over any background. */
function scrim(W, H, from = 0.5) {
  return `<rect x="0" y="${r1(H * from)}" width="${W}" height="${r1(H * (1 - from))}" fill="url(#scrim)"/>`;
}

function svgDoc(W, H, { stops, angle, blur, scrimOpacity = 0.82, light = false }, body) {
  const scrimColor = light ? C.sand : C.ink;
  if (light) scrimOpacity = 0.92;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    ${gradientDefs('bg', W, H, stops, angle)}
    <linearGradient id="scrim" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${scrimColor}" stop-opacity="0"/>
      <stop offset="0.6" stop-color="${scrimColor}" stop-opacity="${scrimOpacity * 0.75}"/>
      <stop offset="1" stop-color="${scrimColor}" stop-opacity="${scrimOpacity}"/>
    </linearGradient>
    <filter id="blur" filterUnits="userSpaceOnUse" x="0" y="0" width="${W}" height="${H}">
      <feGaussianBlur stdDeviation="${blur}"/>
    </filter>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  ${body}
</svg>`;
}

/** Label block, bottom-left: optional eyebrow, main lines, optional sub line. */
function label(W, H, { eyebrow, title, sub, maxSize, pad, maxLines = 3, light = false }) {
  const titleColor = light ? C.ink : '#FFFFFF';
  const softColor = light ? C.deep : C.mint;
  const width = W - pad * 2;
  const { size, lines } = fit(title, width, maxSize, maxLines);
  const lh = size * 1.14;
  const subSize = sub ? Math.round(Math.min(size * 0.5, fit(sub, width, size * 0.5, 2).size)) : 0;
  const subLines = sub ? wrap(sub, width / subSize) : [];
  const eyeSize = Math.max(12, Math.round(size * 0.34));
  let y = H - pad - subLines.length * subSize * 1.3 - (lines.length - 1) * lh;
  let out = '';
  if (eyebrow) {
    const ey = y - size - eyeSize * 0.9;
    out += `<rect x="${pad}" y="${r1(ey - eyeSize * 0.35)}" width="${r1(eyeSize * 2.2)}" height="${r1(eyeSize * 0.28)}" rx="${r1(eyeSize * 0.14)}" fill="${C.coral}"/>`;
    out += `<text x="${pad}" y="${r1(ey + eyeSize * 1.15)}" font-family="${FONT}" font-size="${eyeSize}" font-weight="700" letter-spacing="${r1(eyeSize * 0.16)}" fill="${softColor}">${esc(eyebrow.toUpperCase())}</text>`;
    y += eyeSize * 0.6;
  }
  lines.forEach((l, i) => {
    out += `<text x="${pad}" y="${r1(y + i * lh)}" font-family="${FONT}" font-size="${size}" font-weight="700" fill="${titleColor}">${esc(l)}</text>`;
  });
  subLines.forEach((l, i) => {
    out += `<text x="${pad}" y="${r1(y + (lines.length - 1) * lh + subSize * 1.5 + i * subSize * 1.3)}" font-family="${FONT}" font-size="${subSize}" font-weight="700" fill="${softColor}">${esc(l)}</text>`;
  });
  return out;
}

/* ---------------------------------------------------------------- output */

const written = [];

async function writeJpeg(file, svg, { maxBytes = 60_000, quality = 78, hue = 0 } = {}) {
  mkdirSync(dirname(file), { recursive: true });
  let q = quality;
  let buf;
  for (;;) {
    let img = sharp(Buffer.from(svg));
    if (hue) img = img.modulate({ hue });
    buf = await img.jpeg({ quality: q, progressive: true, mozjpeg: true, chromaSubsampling: '4:2:0' }).toBuffer();
    if (buf.length <= maxBytes || q <= 50) break;
    q -= 4;
  }
  writeFileSync(file, buf);
  written.push([file, buf.length]);
}

async function writePng(file, svg, size) {
  mkdirSync(dirname(file), { recursive: true });
  const buf = await sharp(Buffer.from(svg), { density: Math.max(72, (72 * size) / 64) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
  writeFileSync(file, buf);
  written.push([file, buf.length]);
}

function writeText(file, text) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  written.push([file, Buffer.byteLength(text)]);
}

/* ---------------------------------------------------------------- category rule (mirrors src/lib/resources.ts) */

function resourceCategory({ title, tag, description }) {
  const any = (t, ws) => ws.some((w) => t.includes(w));
  if (any(title, ['Air Force', 'Army', 'Marine Corps']) || tag === 'Military Program') return 'military';
  if (any(title, ['Bench', 'Elite'])) return 'strength';
  if (any(title, ['Glute', 'Baddie Blueprint']) || description.includes('body recomposition')) return 'muscle-building';
  return 'nutrition';
}

/* ---------------------------------------------------------------- groups */

async function resources() {
  const dir = join(CONTENT, 'resources');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  for (const [i, f] of files.entries()) {
    const jsonFile = join(dir, f);
    const data = readJson(jsonFile);
    const id = f.replace(/\.json$/, '');
    const rand = rng(`resource:${id}`);
    const scheme = SCHEMES[(hash(id) + i) % SCHEMES.length];
    const W = 1200;
    const H = 900;
    const cat = resourceCategory(data);
    const mx = W * (0.66 + rand() * 0.12);
    const my = H * (0.3 + rand() * 0.08);
    let motif;
    if (cat === 'military') motif = chevrons(mx, my + 40, 230, scheme.motif, scheme.accent, 0.85);
    else if (cat === 'strength') motif = plate(mx, my, 190, scheme.motif, 0.75) + plate(mx, my, 120, scheme.accent, 0.35);
    else if (cat === 'muscle-building')
      motif = data.title.includes('Glute')
        ? figure(mx, my + 120, 340, 'squat', scheme.motif, 0.85, scheme.accent)
        : data.featured
          ? figure(mx, my + 130, 360, 'flex', scheme.motif, 0.85, scheme.accent) + plate(mx, my + 20, 250, scheme.motif, 0.25)
          : dumbbell(mx, my, 360, -18, scheme.motif, 0.85);
    else motif = bowl(mx, my + 10, 220, scheme.motif, scheme.accent, 0.85);
    const body =
      glows(W, H, scheme, rand, { count: 3 }) +
      arcs(W, H, scheme.motif, rand, 0.16) +
      motif +
      scrim(W, H, 0.42) +
      label(W, H, { eyebrow: data.featured ? 'Featured guide' : data.tag, title: data.title, maxSize: 76, pad: 64, maxLines: 2, light: scheme.light });
    const svg = svgDoc(W, H, { stops: scheme.stops, angle: 20 + rand() * 140, blur: 90, light: scheme.light }, body);
    await writeJpeg(fromJson(jsonFile, data.image), svg, { hue: Math.round((rand() - 0.5) * 14) });
  }
}

async function transformations() {
  const jsonFile = join(CONTENT, 'transformations.json');
  const list = readJson(jsonFile);
  const poses = ['flex', 'press', 'stand', 'squat', 'pullup'];
  for (const [i, t] of list.entries()) {
    const rand = rng(`transformation:${t.id}`);
    const scheme = SCHEMES[i % SCHEMES.length];
    const W = 800;
    const H = 1000;
    // A soft "before | after" split: a muted left half and the scheme colour on the right.
    const split = W * (0.46 + rand() * 0.08);
    const fg = scheme.light ? C.deep : '#FFFFFF';
    const before = `<rect x="0" y="0" width="${r1(split)}" height="${H}" fill="${scheme.light ? C.deep : C.ink}" opacity="${scheme.light ? 0.12 : 0.32}"/>
      <line x1="${r1(split)}" y1="0" x2="${r1(split)}" y2="${H}" stroke="${fg}" stroke-width="3" opacity="0.5"/>`;
    const figH = 330 + rand() * 40;
    const after = poses[(i + 1) % poses.length];
    const body =
      glows(W, H, scheme, rand, { count: 3 }) +
      arcs(W, H, scheme.motif, rand, 0.12) +
      before +
      figure(split / 2, H * 0.55, figH, 'stand', scheme.light ? C.deep : C.sand, scheme.light ? 0.3 : 0.38) +
      figure(split + (W - split) / 2, H * 0.55, figH, after, fg, 0.9, C.coral) +
      scrim(W, H, 0.55) +
      label(W, H, { eyebrow: 'Transformation', title: t.name, sub: t.result, maxSize: 64, pad: 48, maxLines: 1, light: scheme.light });
    const svg = svgDoc(W, H, { stops: scheme.stops, angle: 30 + rand() * 120, blur: 70, light: scheme.light }, body);
    await writeJpeg(fromJson(jsonFile, t.image), svg, { hue: Math.round((rand() - 0.5) * 16) });
  }
}

async function avatars() {
  const jsonFile = join(CONTENT, 'avatars.json');
  const list = readJson(jsonFile);
  const pairs = [
    [C.teal, C.deep],
    [C.deep, C.ink],
    [C.coral, '#C94E41'],
    [C.night, C.teal],
    ['#3BC9C4', C.deep],
    [C.ink, C.deep],
    [C.deep, C.teal],
  ];
  for (const [i, a] of list.entries()) {
    const rand = rng(`avatar:${a.id}`);
    const S = 192;
    const [c1, c2] = pairs[i % pairs.length];
    const ini = initials(a.name);
    const body = `
      <g filter="url(#blur)"><circle cx="${r1(S * (0.2 + rand() * 0.6))}" cy="${r1(S * rand() * 0.4)}" r="70" fill="#FFFFFF" opacity="0.22"/></g>
      <text x="96" y="96" dy="0.36em" text-anchor="middle" font-family="${FONT}" font-size="${ini.length > 1 ? 72 : 88}" font-weight="700" fill="#FFFFFF" letter-spacing="2">${esc(ini)}</text>`;
    const svg = svgDoc(S, S, { stops: [c1, c2], angle: 45 + rand() * 90, blur: 28 }, body);
    await writeJpeg(fromJson(jsonFile, a.image), svg, { maxBytes: 12_000 });
  }
}

function portrait(W, H, key, pose, scheme, { caption = 'Coach Kayla', sub } = {}) {
  const rand = rng(key);
  const body =
    glows(W, H, scheme, rand, { count: 3 }) +
    arcs(W, H, scheme.motif, rand, 0.14) +
    plate(W * (0.5 + (rand() - 0.5) * 0.2), H * 0.4, W * 0.34, scheme.motif, 0.16) +
    figure(W * 0.5, H * 0.52, H * 0.46, pose, '#FFFFFF', 0.88, C.coral) +
    scrim(W, H, 0.6) +
    label(W, H, { title: caption, sub, maxSize: Math.round(W * 0.06), pad: Math.round(W * 0.06), maxLines: 1 });
  return svgDoc(W, H, { stops: scheme.stops, angle: 60 + rand() * 70, blur: Math.round(W * 0.09) }, body);
}

async function coach() {
  const jsonFile = join(CONTENT, 'coach-photos.json');
  const list = readJson(jsonFile);
  const poses = ['flex', 'bench', 'press'];
  const schemes = [SCHEMES[0], SCHEMES[1], SCHEMES[2]];
  for (const [i, p] of list.entries()) {
    const svg = portrait(1000, 1250, `coach:${p.id}`, poses[i % poses.length], schemes[i % schemes.length], {
      caption: 'Coach Kayla',
    });
    await writeJpeg(fromJson(jsonFile, p.image), svg);
  }
}

async function workouts() {
  const jsonFile = join(CONTENT, 'workout-targets.json');
  const list = readJson(jsonFile);
  const poseFor = { glutes: 'squat', abs: 'plank', arms: 'flex', upper: 'press', back: 'pullup' };
  for (const [i, t] of list.entries()) {
    const rand = rng(`workout:${t.id}`);
    const scheme = SCHEMES[(i * 2 + 1) % SCHEMES.length];
    const W = 800;
    const H = 1000;
    const pose = poseFor[t.id] ?? ['stand', 'flex', 'press'][i % 3];
    const fg = scheme.light ? C.deep : '#FFFFFF';
    const extra = t.id === 'arms' ? dumbbell(W * 0.72, H * 0.2, 220, 28, scheme.motif, 0.5) : '';
    const body =
      glows(W, H, scheme, rand, { count: 3 }) +
      arcs(W, H, scheme.motif, rand, 0.14) +
      figure(W * 0.47, H * 0.5, pose === 'plank' ? 480 : 400, pose, fg, 0.88, C.coral) +
      extra +
      scrim(W, H, 0.55) +
      label(W, H, { eyebrow: 'Workouts', title: t.name, maxSize: 84, pad: 52, maxLines: 1, light: scheme.light });
    const svg = svgDoc(W, H, { stops: scheme.stops, angle: 40 + rand() * 100, blur: 70, light: scheme.light }, body);
    await writeJpeg(fromJson(jsonFile, t.image), svg, { hue: Math.round((rand() - 0.5) * 12) });
  }
}

async function home() {
  const jsonFile = join(CONTENT, 'pages/home.json');
  const page = readJson(jsonFile);

  // Hero (desktop): dark, calm centre-left, structure and glow on the right.
  {
    const W = 1920;
    const H = 1080;
    const rand = rng('hero-desktop');
    const body =
      glows(W, H, { glows: [C.teal, C.deep, C.coral] }, rand, { count: 3, calmLeft: true, strength: 0.75 }) +
      plate(W * 0.8, H * 0.46, 330, C.mint, 0.13) +
      plate(W * 0.8, H * 0.46, 200, C.mint, 0.08) +
      figure(W * 0.8, H * 0.62, 560, 'press', '#FFFFFF', 0.16, C.teal) +
      `<rect width="${W}" height="${H}" fill="url(#shade)"/>`;
    const svg = svgDoc(W, H, { stops: [C.ink, C.night], angle: 10, blur: 160 }, body).replace(
      '</defs>',
      `<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${C.ink}" stop-opacity="0.55"/><stop offset="0.55" stop-color="${C.ink}" stop-opacity="0.2"/><stop offset="1" stop-color="${C.ink}" stop-opacity="0"/></linearGradient></defs>`,
    );
    await writeJpeg(fromJson(jsonFile, page.hero.poster), svg, { maxBytes: 150_000 });
  }
  // Hero (mobile): dark, calm middle, detail at the top and bottom edges.
  {
    const W = 1080;
    const H = 1920;
    const rand = rng('hero-mobile');
    const body =
      `<g filter="url(#blur)">
        <circle cx="${W * 0.95}" cy="${H * 0.08}" r="520" fill="${C.teal}" opacity="0.55"/>
        <circle cx="${W * 0.05}" cy="${H * 0.98}" r="480" fill="${C.deep}" opacity="0.6"/>
        <circle cx="${W * 0.9}" cy="${H * 0.9}" r="260" fill="${C.coral}" opacity="0.18"/>
      </g>` +
      plate(W * 0.78, H * 0.16, 260, C.mint, 0.13) +
      figure(W * 0.78, H * 0.25, 420, 'press', '#FFFFFF', 0.14, C.teal) +
      `<rect width="${W}" height="${H}" fill="${C.ink}" opacity="${r1(0.2 + rand() * 0.05)}"/>`;
    const svg = svgDoc(W, H, { stops: [C.night, C.ink], angle: 90, blur: 150 }, body);
    await writeJpeg(fromJson(jsonFile, page.hero.posterMobile), svg, { maxBytes: 150_000 });
  }
  // Coach portrait.
  {
    const svg = portrait(1000, 1250, 'coach-portrait', 'flex', SCHEMES[4], { caption: 'Coach Kayla', sub: 'American Bench Record · 336 lbs' });
    await writeJpeg(fromJson(jsonFile, page.coach.photo), svg);
  }
  // Community poster: dark, a cluster of members on the right.
  {
    const W = 1280;
    const H = 720;
    const rand = rng('community');
    let people = '';
    const spots = [
      [0.56, 0.8, 250, 'stand'],
      [0.66, 0.78, 290, 'flex'],
      [0.76, 0.8, 270, 'stand'],
      [0.87, 0.8, 260, 'press'],
    ];
    for (const [x, y, h, pose] of spots) people += figure(W * x, H * y, h, pose, '#FFFFFF', 0.12 + rand() * 0.06, C.teal);
    const body =
      glows(W, H, { glows: [C.teal, C.deep, C.coral] }, rand, { count: 3, calmLeft: true, strength: 0.7 }) +
      people +
      `<rect width="${W}" height="${H}" fill="${C.ink}" opacity="0.25"/>`;
    const svg = svgDoc(W, H, { stops: [C.ink, C.deep], angle: 15, blur: 110 }, body);
    await writeJpeg(fromJson(jsonFile, page.community.poster), svg, { maxBytes: 60_000 });
  }
}

/* ---------------------------------------------------------------- brand: monogram, logo, favicons, og image */

/**
 * Geometric stroke letters (cap height 18, stroke centre lines), so the monogram and the
 * wordmark look identical everywhere without depending on an installed font.
 * Each glyph is clipped to the cap band (0..18) which squares off diagonal ends.
 */
const GLYPHS = {
  K: { w: 13, d: 'M1.7 -3 V21 M13.4 -2 L1.7 12 M6.4 7.2 L14.2 20.5' },
  A: { w: 14.4, d: 'M0 21 L7.2 -2.5 L14.4 21 M3.3 12.6 H11.1' },
  Y: { w: 14, d: 'M-0.6 -2 L7 9.6 L14.6 -2 M7 9 V21' },
  L: { w: 10.5, d: 'M1.7 -3 V16.3 H10.5' },
  R: { w: 12.8, d: 'M1.7 21 V1.7 H7.3 A4.5 4.5 0 0 1 7.3 10.7 H1.7 M6.8 10.7 L13.2 21' },
  E: { w: 10.8, d: 'M10.8 1.7 H1.7 V16.3 H10.8 M1.7 9 H9.8' },
  S: {
    w: 12.2,
    d: 'M11.1 4 C9.9 2.4 8.3 1.7 6.3 1.7 C3.6 1.7 1.8 3.1 1.8 5.2 C1.8 7.5 3.9 8.3 6.4 8.9 C9.2 9.6 11.3 10.5 11.3 13 C11.3 15.2 9.3 16.3 6.3 16.3 C3.9 16.3 2.1 15.5 0.8 13.9',
  },
  ' ': { w: 4.5, d: '' },
};

/** Stroked text as SVG: returns { svg, width } in local units (cap height 18). */
function strokeText(text, { tracking = 3, stroke = 3.4, color = C.ink, clipId }) {
  let x = 0;
  let paths = '';
  for (const [i, ch] of [...text].entries()) {
    const g = GLYPHS[ch];
    if (!g) throw new Error(`no glyph for ${ch}`);
    if (g.d) paths += `<path transform="translate(${r1(x)} 0)" d="${g.d}"/>`;
    x += g.w + (i < text.length - 1 ? tracking : 0);
  }
  const svg = `<clipPath id="${clipId}"><rect x="-10" y="0" width="${r1(x + 20)}" height="18"/></clipPath>
    <g clip-path="url(#${clipId})" fill="none" stroke="${color}" stroke-width="${stroke}" stroke-linejoin="miter" stroke-linecap="butt">${paths}</g>`;
  return { svg, width: x };
}

/** The KR monogram on a teal rounded square, in a 64×64 box. */
function monogram({ rounded = true, idPrefix = 'm' } = {}) {
  const t = strokeText('KR', { tracking: 2.2, stroke: 3.5, clipId: `${idPrefix}clip` });
  const scale = 28 / 18;
  const w = t.width * scale;
  const x = (64 - w) / 2;
  const y = (64 - 28) / 2;
  return `<rect width="64" height="64" rx="${rounded ? 14 : 0}" fill="${C.teal}"/>
  <g transform="translate(${r1(x)} ${r1(y)}) scale(${+scale.toFixed(3)})">${t.svg}</g>`;
}

async function brand() {
  const faviconSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
  <title>Kayla Reyes Coaching</title>
  ${monogram()}
</svg>
`;
  writeText(join(PUBLIC, 'favicon.svg'), faviconSvg);
  await writePng(join(PUBLIC, 'favicon-32.png'), faviconSvg, 32);
  // iOS masks the icon itself and fills transparency with black, so this one is full-bleed.
  const touchSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">${monogram({ rounded: false })}</svg>`;
  await writePng(join(PUBLIC, 'apple-touch-icon.png'), touchSvg, 180);

  // Horizontal wordmark: small teal mark + "KAYLA REYES" in ink, transparent background.
  const word = strokeText('KAYLA REYES', { tracking: 3.2, stroke: 3.3, clipId: 'wclip' });
  const capH = 20;
  const scale = capH / 18;
  const markSize = 36;
  const gap = 12;
  const vw = 240;
  const vh = 48;
  const textX = 4 + markSize + gap;
  const fitScale = Math.min(scale, (vw - textX - 4) / word.width);
  const textY = (vh - 18 * fitScale) / 2;
  const logo = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${vw} ${vh}" width="${vw}" height="${vh}" role="img" aria-label="Kayla Reyes">
  <title>Kayla Reyes</title>
  <g transform="translate(4 ${(vh - markSize) / 2}) scale(${markSize / 64})">${monogram({ idPrefix: 'l' })}</g>
  <g transform="translate(${textX} ${r1(textY)}) scale(${+fitScale.toFixed(3)})">${word.svg}</g>
</svg>
`;
  writeText(join(PUBLIC, 'brand/logo-fallback.svg'), logo);

  // Open Graph image.
  const settings = readJson(join(CONTENT, 'pages/settings.json'));
  const W = 1200;
  const H = 630;
  const rand = rng('og');
  const tagline = 'Fitness, nutrition & mindset coaching for women';
  const { size, lines } = fit(settings.siteName, 700, 76, 2);
  const titleY = 300 - ((lines.length - 1) * size * 1.1) / 2;
  const body =
    glows(W, H, { glows: [C.teal, C.deep, C.coral] }, rand, { count: 3, calmLeft: true, strength: 0.9 }) +
    plate(W * 0.84, H * 0.5, 230, C.mint, 0.22) +
    figure(W * 0.84, H * 0.72, 330, 'press', '#FFFFFF', 0.6, C.coral) +
    `<g transform="translate(80 ${r1(titleY - size - 110)}) scale(1)">${monogram({ idPrefix: 'o' })}</g>` +
    lines
      .map((l, i) => `<text x="80" y="${r1(titleY + i * size * 1.1)}" font-family="${FONT}" font-size="${size}" font-weight="700" fill="#FFFFFF">${esc(l)}</text>`)
      .join('') +
    `<rect x="80" y="${r1(titleY + (lines.length - 1) * size * 1.1 + 34)}" width="72" height="6" rx="3" fill="${C.coral}"/>` +
    `<text x="80" y="${r1(titleY + (lines.length - 1) * size * 1.1 + 92)}" font-family="${FONT}" font-size="30" font-weight="700" fill="${C.sand}">${esc(tagline)}</text>` +
    `<text x="80" y="${H - 56}" font-family="${FONT}" font-size="22" font-weight="700" letter-spacing="3" fill="${C.mint}">${esc(new URL(settings.siteUrl).host.toUpperCase())}</text>`;
  const svg = svgDoc(W, H, { stops: [C.ink, C.deep], angle: 20, blur: 110 }, body);
  await writeJpeg(join(PUBLIC, 'og-image.jpg'), svg, { maxBytes: 80_000 });
}

/* ---------------------------------------------------------------- main */

const GROUPS = { resources, transformations, avatars, coach, workouts, home, brand };
const wanted = process.argv.slice(2);
for (const name of wanted) if (!GROUPS[name]) throw new Error(`unknown group "${name}"; use: ${Object.keys(GROUPS).join(', ')}`);
for (const [name, run] of Object.entries(GROUPS)) if (!wanted.length || wanted.includes(name)) await run();

let total = 0;
for (const [file, bytes] of written) {
  total += bytes;
  console.log(`${(bytes / 1024).toFixed(1).padStart(7)} KB  ${relative(ROOT, file)}`);
}
console.log(`${written.length} files, ${(total / 1024).toFixed(0)} KB in total`);
