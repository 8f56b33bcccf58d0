/**
 * The modern formats a <picture> offers before its JPEG/PNG fallback. AVIF alone: every current
 * phone browser decodes it (iOS from 16.4), and each extra format adds a srcset per picture to
 * every page's HTML, which a phone parses before it can respond. Browsers without AVIF get the
 * fallback image, which is always there.
 */
export const PICTURE_FORMATS = ['avif'] as const;
