/**
 * Cloudflare Pages' `_redirects` rules, read so that `npm run dev` follows the same file
 * production does (public/_redirects: `/admin/*  /admin  200`). One rule a line:
 * `<from> <to> [status]`; a trailing `*` in `from` matches the rest of the path, which `:splat`
 * in `to` repeats; status 200 rewrites (the address stays), 301/302/303/307/308 redirect.
 */

export interface PagesRule {
  from: string;
  to: string;
  status: number;
}

const STATUSES = new Set([200, 301, 302, 303, 307, 308]);

/** The rules of a `_redirects` file; a line that is not a rule throws, naming the line. */
export function parseRedirects(text: string): PagesRule[] {
  const rules: PagesRule[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const [from, to, status = '302', ...rest] = line.split(/\s+/);
    const code = Number(status);
    if (!from?.startsWith('/') || !to || rest.length > 0 || !STATUSES.has(code)) {
      throw new Error(`_redirects line ${index + 1}: expected "<from path> <to> [200|301|302|303|307|308]", got "${line}"`);
    }
    rules.push({ from, to, status: code });
  });
  return rules;
}

/** The first rule matching `pathname`, with its destination (splat filled in), or null. */
export function matchRedirect(rules: readonly PagesRule[], pathname: string): { to: string; status: number } | null {
  for (const rule of rules) {
    if (rule.from.endsWith('*')) {
      const prefix = rule.from.slice(0, -1);
      if (pathname.startsWith(prefix)) return { to: rule.to.replace(':splat', pathname.slice(prefix.length)), status: rule.status };
    } else if (rule.from === pathname) {
      return { to: rule.to, status: rule.status };
    }
  }
  return null;
}
