/** The brand's placeholder files (tools/make-placeholders.mjs): the KR monogram, the logo, the favicons and the Open Graph image. */
import { join } from 'node:path';
import { readSiteSettings } from '../../src/lib/site-settings-file.ts';
import { C, FONT, esc, fit, glows, r1, rng, svgDoc } from './art.mjs';
import { figure, plate } from './motifs.mjs';
import { PUBLIC, ROOT, writeJpeg, writePng, writeText } from './output.mjs';

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

export async function brand() {
  const faviconSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
  <title>Kayla Reyes Coaching</title>
  ${monogram()}
</svg>
`;
  // PNG only: a tab's SVG icon is drawn as a document of its own on the page's main thread, after load.
  await writePng(join(PUBLIC, 'favicon-32.png'), faviconSvg, 32);
  await writePng(join(PUBLIC, 'favicon-96.png'), faviconSvg, 96);
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
  const settings = readSiteSettings(ROOT);
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
