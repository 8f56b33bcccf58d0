/**
 * The admin's stylesheet (src/styles/admin.css): the site's design system with the classes of every
 * file, the admin's and the content editor's too. /admin loads it instead of the public pages' one.
 */
import site from './tailwind.config.mjs';

/** @type {import('tailwindcss').Config} */
export default { ...site, content: ['./src/**/*.{astro,ts,tsx}'] };
