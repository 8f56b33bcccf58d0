/**
 * What Decap's configuration check gets for `ajv` in the production build (astro.config.mjs). Decap
 * checks its configuration with ajv, which compiles each JSON schema into code at run time (`new
 * Function`), and the site's Content-Security-Policy allows no evaluated code, so the editor would
 * stop at "Error loading the CMS configuration". The configuration is generated and the same
 * everywhere: `npm run dev`, which has no such policy, checks it with the real ajv at every start
 * (and its end-to-end tests with it); the build ships this stand-in, which accepts it as it is.
 */
export default class NoEvalAjv {
  readonly opts: Record<string, unknown>;
  errors: null = null;
  constructor(opts: Record<string, unknown> = {}) {
    this.opts = opts;
  }
  /** ajv-keywords and ajv-errors add their keywords here: nothing to compile. */
  addKeyword(): this {
    return this;
  }
  validate(): boolean {
    return true;
  }
}
