/** Every route of the site, with the heading a visitor must see there. */
export interface RouteCase {
  path: string;
  heading: string | RegExp;
  status?: number;
  /** Public pages are indexed; /auth and /admin are not. */
  indexed: boolean;
}

export const routes: RouteCase[] = [
  { path: '/', heading: /./, indexed: true },
  { path: '/guides', heading: /./, indexed: true },
  { path: '/thank-you', heading: 'Thank You!', indexed: true },
  { path: '/thank-you/call', heading: 'Call Scheduled!', indexed: true },
  { path: '/thank-you/resource', heading: 'Resource Access Granted!', indexed: true },
  { path: '/in-development', heading: 'Transform your body & mind.', indexed: true },
  { path: '/privacy', heading: 'Privacy Policy', indexed: true },
  { path: '/terms', heading: 'Terms of Service', indexed: true },
  { path: '/auth', heading: 'Welcome Back', indexed: false },
  // Anonymous visitors are sent on to /auth by the admin guard.
  { path: '/admin', heading: 'Welcome Back', indexed: false },
  { path: '/admin/assets', heading: 'Welcome Back', indexed: false },
  { path: '/this-page-does-not-exist', heading: 'Oops! Page not found', status: 404, indexed: false },
];
