/** The placeholder art's motifs (tools/make-placeholders.mjs): weight plate, dumbbell, chevrons, bowl and a pictogram figure. */
import { r1 } from './art.mjs';

/** A weight plate seen from the front. */
export function plate(cx, cy, r, color, opacity = 0.9) {
  return `<g opacity="${opacity}" fill="none" stroke="${color}">
    <circle cx="${cx}" cy="${cy}" r="${r1(r)}" stroke-width="${r1(r * 0.05)}"/>
    <circle cx="${cx}" cy="${cy}" r="${r1(r * 0.8)}" stroke-width="${r1(r * 0.02)}"/>
    <circle cx="${cx}" cy="${cy}" r="${r1(r * 0.22)}" stroke-width="${r1(r * 0.06)}"/>
    <circle cx="${cx}" cy="${cy}" r="${r1(r * 0.07)}" fill="${color}" stroke="none"/>
  </g>`;
}

/** A dumbbell, centred, rotated by angle degrees. */
export function dumbbell(cx, cy, len, angle, color, opacity = 0.9) {
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
export function chevrons(cx, cy, size, color, accent, opacity = 0.9) {
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
export function bowl(cx, cy, size, color, accent, opacity = 0.9) {
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
export function figure(cx, cy, height, pose, color, opacity = 0.9, accent = color) {
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
