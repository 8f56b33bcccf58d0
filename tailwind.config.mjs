/**
 * The design system: every colour, type size, radius and shadow the site uses.
 * Components use these tokens only (no raw hex values in markup).
 *
 * Brand teal #0ABAB5 is for fills, accents and large shapes. Text on teal is ink (7.4:1);
 * white text sits on `brand-strong` (#067A76, 5.2:1), which keeps WCAG AA contrast.
 */
import defaultTheme from 'tailwindcss/defaultTheme';

/** The features only /admin draws: their classes are in its stylesheet, never in every public page's. */
export const ADMIN_ONLY_FEATURES = ['admin', 'content-editor'];

/** @type {import('tailwindcss').Config} */
export default {
  // Every file but the admin's own: those classes are in /admin's stylesheet
  // (src/styles/admin.css, tailwind.admin.config.mjs), never in every public page's.
  content: ['./src/**/*.{astro,ts,tsx}', `!./src/features/{${ADMIN_ONLY_FEATURES.join(',')}}/**`],
  theme: {
    colors: {
      transparent: 'transparent',
      current: 'currentColor',
      white: '#FFFFFF',
      black: '#000000',
      brand: {
        DEFAULT: '#0ABAB5',
        soft: '#E6F8F7',
        muted: '#9EE3E0',
        strong: '#067A76',
        deep: '#054F4C',
      },
      ink: {
        DEFAULT: '#0F172A',
        soft: '#334155',
        muted: '#475569',
      },
      sand: {
        DEFAULT: '#F5EFE6',
        light: '#FBF8F3',
      },
      line: '#E2E8F0',
      surface: '#FFFFFF',
      coral: '#F26B5B',
      destructive: {
        DEFAULT: '#B42318',
        soft: '#FEF3F2',
      },
      success: {
        DEFAULT: '#067647',
        soft: '#ECFDF3',
      },
    },
    fontFamily: {
      sans: defaultTheme.fontFamily.sans,
      display: ['var(--font-display)', ...defaultTheme.fontFamily.sans],
    },
    fontSize: {
      xs: ['0.75rem', { lineHeight: '1rem' }],
      sm: ['0.875rem', { lineHeight: '1.25rem' }],
      base: ['1rem', { lineHeight: '1.6rem' }],
      lg: ['1.125rem', { lineHeight: '1.75rem' }],
      xl: ['1.25rem', { lineHeight: '1.8rem' }],
      '2xl': ['1.5rem', { lineHeight: '2rem' }],
      '3xl': ['1.875rem', { lineHeight: '2.3rem' }],
      '4xl': ['2.25rem', { lineHeight: '2.6rem' }],
      '5xl': ['3rem', { lineHeight: '1.1' }],
      '6xl': ['3.75rem', { lineHeight: '1.05' }],
    },
    borderRadius: {
      none: '0',
      sm: '0.375rem',
      DEFAULT: '0.5rem',
      lg: '0.75rem',
      xl: '1rem',
      '2xl': '1.5rem',
      full: '9999px',
    },
    boxShadow: {
      none: 'none',
      sm: '0 1px 2px rgb(15 23 42 / 0.06)',
      DEFAULT: '0 4px 12px rgb(15 23 42 / 0.08)',
      lg: '0 12px 32px rgb(15 23 42 / 0.12)',
      glow: '0 8px 24px rgb(10 186 181 / 0.35)',
    },
    extend: {
      spacing: { header: '4rem' },
      maxWidth: { content: '72rem', prose: '42rem' },
      scrollMargin: { header: '4.5rem' },
      keyframes: {
        'fade-up': {
          from: { opacity: '0', transform: 'translateY(12px)' },
          to: { opacity: '1', transform: 'none' },
        },
      },
      animation: { 'fade-up': 'fade-up 500ms ease-out both' },
    },
  },
  plugins: [],
  // The utilities' default custom properties (--tw-translate-x, --tw-ring-shadow, ...) on the
  // elements that use those utilities, not on every element and pseudo-element of the page: each
  // element's style is then computed with a few custom properties, not fifty.
  experimental: { optimizeUniversalDefaults: true },
};
