// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { showRandomPhoto, type PhotoChoice } from '~/enhancers/random-photo';

const choices: PhotoChoice[] = [
  { src: '/a.webp', srcset: '/a-400.webp 400w', alt: 'Photo A' },
  { src: '/b.webp', srcset: '/b-400.webp 400w', alt: 'Photo B' },
  { src: '/c.webp', srcset: '/c-400.webp 400w', alt: 'Photo C' },
];

/** The frame as PreviewHero.astro renders it (jsdom parses the noscript's content as text, as a browser with scripting does). */
function photoFrame(list: PhotoChoice[] = choices): HTMLElement {
  document.body.innerHTML = `<div data-random-photo data-sizes="(min-width: 1024px) 36rem, 100vw" data-width="800" data-height="1000" data-img-class="h-full w-full object-cover"><noscript><img src="/a.webp" alt="Photo A"></noscript></div>`;
  const frame = document.querySelector<HTMLElement>('[data-random-photo]')!;
  frame.dataset.choices = JSON.stringify(list);
  return frame;
}

describe('showRandomPhoto', () => {
  it('maps the random source onto every photo', () => {
    for (const [random, index] of [
      [0, 0],
      [0.5, 1],
      [0.9999, 2],
    ] as const) {
      const expected = choices[index]!;
      const frame = photoFrame();
      showRandomPhoto(frame, () => random);
      const img = frame.querySelector('img')!;
      expect(img.getAttribute('src')).toBe(expected.src);
      expect(img.getAttribute('srcset')).toBe(expected.srcset);
      expect(img.alt).toBe(expected.alt);
    }
  });

  it('creates one sized image in place of the noscript fallback', () => {
    const frame = photoFrame();
    showRandomPhoto(frame, () => 0.5);
    expect(frame.children).toHaveLength(1);
    const img = frame.firstElementChild as HTMLImageElement;
    expect(img.tagName).toBe('IMG');
    expect(img.getAttribute('width')).toBe('800');
    expect(img.getAttribute('height')).toBe('1000');
    expect(img.getAttribute('sizes')).toBe('(min-width: 1024px) 36rem, 100vw');
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.className).toBe('h-full w-full object-cover');
  });

  it('leaves the noscript fallback without choices', () => {
    const frame = photoFrame([]);
    showRandomPhoto(frame, () => 0.5);
    expect(frame.querySelector('img')).toBeNull();
    expect(frame.querySelector('noscript')).not.toBeNull();
  });
});
