/** Inlined in the <head> (src/layouts/SiteLayout.astro): runs before the first paint. */
import { DISPLAY_FONT_CLASS, SESSION_KEY, applyCachedDisplayFont } from './display-font';

applyCachedDisplayFont(document, SESSION_KEY, DISPLAY_FONT_CLASS);
