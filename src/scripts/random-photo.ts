import { randomIndex } from '~/lib/random';

interface PhotoChoice {
  src: string;
  srcset: string;
  alt: string;
}

/** Shows one of the pre-built photo choices at random (all share one aspect ratio). */
export function showRandomPhoto(img: HTMLImageElement): void {
  const choices = JSON.parse(img.dataset.choices ?? '[]') as PhotoChoice[];
  if (choices.length === 0) return;
  const choice = choices[randomIndex(choices.length)];
  if (!choice || choice.src === img.getAttribute('src')) return;
  img.srcset = choice.srcset;
  img.src = choice.src;
  img.alt = choice.alt;
}
