/**
 * The id of the empty element a page's first paint waits for (src/components/ui/FirstPaintMark.astro):
 * the layout's `<link rel="expect" blocking="render">` holds the first frame until the parser has
 * inserted it, so what is above it is drawn in the first paint, not in frames after partial ones.
 * - Where the largest paint is text (a heading, a paragraph), the mark ends the first screen: its
 *   heading, text and buttons come in the first paint.
 * - On the home page it follows the hero's picture (the largest paint), not the hero's end: waiting
 *   for the hero's text, buttons and video too drew the picture later on a slow phone.
 * The mark is empty because Chromium lets the first frame through once the target is in the
 * document, not once the parser has read it to its end tag: with a whole section as the target, the
 * first frame could come before its heading was parsed. A browser without `rel="expect"` ignores the link.
 */
export const FIRST_PAINT_MARK_ID = 'first-paint-mark';
