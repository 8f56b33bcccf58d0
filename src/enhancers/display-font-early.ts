/** Inlined in the <head> (src/layouts/SiteLayout.astro): runs before the first paint. */
import { DISPLAY_FONT_CLASS, useDisplayFontAfterLanding } from './display-font';

useDisplayFontAfterLanding(document, DISPLAY_FONT_CLASS);
