/**
 * The preview page shows one of the coach photos at random, chosen in the browser (the static HTML
 * must not freeze one). PreviewHero.astro inlines random-photo-early.ts right after the photo's
 * frame, so the choice is made while the page is parsed. The frame holds only a
 * `<noscript>` image in the HTML: with JavaScript nothing in it is fetched until the script has
 * created the chosen image, so exactly one photo is fetched and drawn, never swapped later.
 */
export interface PhotoChoice {
  src: string;
  srcset: string;
  alt: string;
}

/** Reads the frame's `data-choices`, `data-sizes`, `data-width`, `data-height`, `data-img-class`. */
export function showRandomPhoto(frame: HTMLElement, random: () => number = Math.random): void {
  const choices = JSON.parse(frame.dataset.choices ?? '[]') as PhotoChoice[];
  const choice = choices[Math.min(choices.length - 1, Math.floor(random() * choices.length))];
  if (!choice) return;
  const img = frame.ownerDocument.createElement('img');
  img.sizes = frame.dataset.sizes ?? '100vw';
  img.srcset = choice.srcset;
  img.src = choice.src;
  img.alt = choice.alt;
  img.width = Number(frame.dataset.width);
  img.height = Number(frame.dataset.height);
  img.className = frame.dataset.imgClass ?? '';
  img.setAttribute('fetchpriority', 'high');
  frame.replaceChildren(img);
}
