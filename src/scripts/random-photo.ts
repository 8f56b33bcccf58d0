/**
 * The preview page shows one of the coach photos at random, chosen in the browser (the static HTML
 * must not freeze one). PreviewHero.astro serializes `showRandomPhoto` into an inline script right
 * after the image, so the choice is made while the page is parsed: one photo is fetched and drawn,
 * never swapped later. The image is `loading="lazy"` in the HTML so the browser does not fetch the
 * first choice before the script has run; the script makes it eager.
 *
 * Serialized with `Function.prototype.toString`: it must stay self-contained (no imports).
 */
export interface PhotoChoice {
  src: string;
  srcset: string;
  alt: string;
}

export function showRandomPhoto(img: HTMLImageElement, random: () => number = Math.random): void {
  const choices = JSON.parse(img.dataset.choices ?? '[]') as PhotoChoice[];
  const choice = choices[Math.min(choices.length - 1, Math.floor(random() * choices.length))];
  if (choice && choice.src !== img.getAttribute('src')) {
    img.srcset = choice.srcset;
    img.src = choice.src;
    img.alt = choice.alt;
  }
  img.loading = 'eager';
}
