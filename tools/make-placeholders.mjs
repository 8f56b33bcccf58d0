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
 *
 * The palette, motifs, output and brand files are in tools/placeholders/.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { C, FONT, SCHEMES, arcs, esc, glows, hash, initials, label, r1, rng, scrim, svgDoc } from './placeholders/art.mjs';
import { brand } from './placeholders/brand.mjs';
import { bowl, chevrons, dumbbell, figure, plate } from './placeholders/motifs.mjs';
import { CONTENT, ROOT, writeJpeg, written } from './placeholders/output.mjs';

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** Resolve an image path written in a JSON file (relative to that file). */
const fromJson = (jsonFile, imagePath) => resolve(dirname(jsonFile), imagePath);

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
