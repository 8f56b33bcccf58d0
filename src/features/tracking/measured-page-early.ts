/**
 * Inlined right after the privacy choices panel on every page that measures ads
 * (src/layouts/SiteLayout.astro): the visit's attribution and the panel's first state, in one
 * script so the consent rules both read come once.
 */
import './attribution-early';
import '../consent/privacy-choices-early';
