/**
 * The placeholder art's palette and building blocks (tools/make-placeholders.mjs): brand colours
 * and schemes, a seeded random per image (so a re-run writes the same files), text fitting, the
 * blurred glows and arcs every picture has, the SVG document and its bottom-left label.
 */
import { mulberry32 } from '../random.mjs';

/* ---------------------------------------------------------------- palette */

export const C = {
  teal: '#0ABAB5',
  deep: '#067A76',
  ink: '#0F172A',
  sand: '#F5EFE6',
  coral: '#F26B5B',
  mint: '#7FDDD9',
  night: '#0B2E38',
};

/** Background schemes: gradient stops, blurred glow colours, motif colour. */
export const SCHEMES = [
  { name: 'lagoon', stops: [C.deep, C.teal], glows: [C.mint, C.sand, C.deep], motif: C.sand, accent: C.coral },
  { name: 'deep', stops: [C.ink, C.deep], glows: [C.teal, C.mint, C.night], motif: C.mint, accent: C.coral },
  { name: 'dusk', stops: [C.night, C.teal], glows: [C.teal, C.coral, C.ink], motif: C.sand, accent: C.coral },
  { name: 'sand', stops: [C.sand, '#BFE9E6'], glows: [C.teal, C.mint, '#FFFFFF'], motif: C.deep, accent: C.coral, light: true },
  { name: 'ink', stops: [C.ink, C.night], glows: [C.teal, C.deep, C.coral], motif: C.teal, accent: C.coral },
  { name: 'tide', stops: [C.teal, C.night], glows: [C.sand, C.mint, C.deep], motif: C.sand, accent: C.coral },
];

export const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

/* ---------------------------------------------------------------- helpers */

export function hash(text) {
  let h = 2166136261;
  for (const ch of text) {
    h ^= ch.codePointAt(0);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** A random sequence of its own for each image, so re-running the script gives identical files. */
export const rng = (seedText) => mulberry32(hash(seedText));

export const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export const r1 = (n) => Math.round(n * 10) / 10;

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
export function wrap(text, maxEm) {
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
export function fit(text, maxWidth, maxSize, maxLines = 3) {
  for (let size = maxSize; size > 8; size -= 2) {
    const lines = wrap(text, maxWidth / size);
    if (lines.length <= maxLines && lines.every((l) => textWidthEm(l) * size <= maxWidth)) return { size, lines };
  }
  return { size: 10, lines: wrap(text, maxWidth / 10) };
}

export function initials(name) {
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
export function glows(W, H, scheme, rand, { count = 3, calmLeft = false, strength = 1 } = {}) {
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
export function arcs(W, H, color, rand, opacity = 0.18) {
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
/** Dark gradient at the bottom so a label is legible over any background. */
export function scrim(W, H, from = 0.5) {
  return `<rect x="0" y="${r1(H * from)}" width="${W}" height="${r1(H * (1 - from))}" fill="url(#scrim)"/>`;
}

export function svgDoc(W, H, { stops, angle, blur, scrimOpacity = 0.82, light = false }, body) {
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
export function label(W, H, { eyebrow, title, sub, maxSize, pad, maxLines = 3, light = false }) {
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
