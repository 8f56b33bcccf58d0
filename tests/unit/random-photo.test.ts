// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { showRandomPhoto, type PhotoChoice } from '~/scripts/random-photo';

const choices: PhotoChoice[] = [
  { src: '/a.webp', srcset: '/a-400.webp 400w', alt: 'Photo A' },
  { src: '/b.webp', srcset: '/b-400.webp 400w', alt: 'Photo B' },
  { src: '/c.webp', srcset: '/c-400.webp 400w', alt: 'Photo C' },
];

function lazyImage(): HTMLImageElement {
  document.body.innerHTML = `<img src="/a.webp" srcset="/a-400.webp 400w" alt="Photo A" loading="lazy">`;
  const img = document.querySelector('img')!;
  img.dataset.choices = JSON.stringify(choices);
  return img;
}

describe('showRandomPhoto', () => {
  it('maps the random source onto every photo', () => {
    for (const [random, index] of [[0, 0], [0.5, 1], [0.9999, 2]] as const) {
      const expected = choices[index]!;
      const img = lazyImage();
      showRandomPhoto(img, () => random);
      expect(img.getAttribute('src')).toBe(expected.src);
      expect(img.getAttribute('srcset')).toBe(expected.srcset);
      expect(img.alt).toBe(expected.alt);
    }
  });

  it('makes the image eager, whichever photo it shows', () => {
    const img = lazyImage();
    showRandomPhoto(img, () => 0);
    expect(img.loading).toBe('eager');
  });

  it('leaves the image as it is without choices', () => {
    const img = lazyImage();
    img.dataset.choices = '[]';
    showRandomPhoto(img, () => 0.5);
    expect(img.getAttribute('src')).toBe('/a.webp');
    expect(img.loading).toBe('eager');
  });

  it('runs from its own source text, as the page runs it', () => {
    const img = lazyImage();
    const run = new Function('img', `(${showRandomPhoto.toString()})(img, () => 0.9)`);
    run(img);
    expect(img.getAttribute('src')).toBe('/c.webp');
  });
});
