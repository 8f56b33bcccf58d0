/** Inlined right after the photo's frame (src/components/preview/PreviewHero.astro): chooses while the page is parsed. */
import { showRandomPhoto } from './random-photo';

const frame = document.currentScript?.previousElementSibling;
if (frame instanceof HTMLElement) showRandomPhoto(frame);
