/**
 * The id of the element that ends a page's first screen (its hero or first section). The layout's
 * `<link rel="expect" blocking="render">` holds the first paint until the parser has read that
 * element to its end tag, so the first screen's heading, text and picture are drawn in the first
 * paint, not in a frame after a partial one (a browser without `rel="expect"` ignores the link).
 */
export const FIRST_SCREEN_ID = 'first-screen';
