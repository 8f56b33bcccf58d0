/** Command-line options of `npm run bench`. */

export const DEFAULT_ROUTES = ['/', '/guides', '/thank-you', '/thank-you/call', '/thank-you/resource', '/in-development', '/auth'];
/** The measurements `--only` can pick. */
export const ONLY = ['long-tasks'];

const USAGE = `Usage: npm run bench -- [options]
  --no-build          use the existing dist/ instead of running \`npm run build\`
  --runs N            Lighthouse runs per route (default 3); the table shows medians
  --routes /a,/b      routes to measure (default: ${DEFAULT_ROUTES.join(',')})
  --port N            first port to try for the preview server (default 4400)
  --base-url URL      measure an already-running server instead (skips build and preview)
  --no-admin          skip the admin island's JS figure (it signs in to the local stand-in)
  --no-control        skip the control page (a blank page read in the same Lighthouse rounds)
  --compare URL       also read the same routes from another server (e.g. the previous build's preview)
                      in the same, alternating Lighthouse rounds, and print both side by side
  --no-long-tasks     skip the long tasks on a slow phone (CPU ×4, phone viewport, idle then scrolled; --runs loads per route)
  --cpu-rate N        CPU slowdown of the long-task loads, the click → dialog runs and Lighthouse's simulation
                      (default 4, Lighthouse's mobile figure; 8–10 on a fast machine stands for a slow host)
  --skip-islands A,B  in the long-task loads, take the islands of components A and B out of the page
                      (e.g. ScreenerModal: it never hydrates nor loads React, to see what the rest costs)
  --only NAME         run one measurement alone: ${ONLY.join(', ')}
                      (e.g. npm run bench -- --no-build --only long-tasks --routes / --compare URL)
  --help              show this help`;

/** Parses argv into { build, runs, routes, port, baseUrl, ... }; throws with the usage text on bad input. */
export function parseArgs(argv) {
  const options = {
    build: true,
    runs: 3,
    routes: DEFAULT_ROUTES,
    port: 4400,
    baseUrl: null,
    compareUrl: null,
    help: false,
    admin: true,
    control: true,
    longTasks: true,
    skipIslands: [],
    only: null,
    cpuRate: 4,
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new Error(`${flag} needs a value\n\n${USAGE}`);
      return v;
    };
    switch (flag) {
      case '--no-build':
        options.build = false;
        break;
      case '--no-admin':
        options.admin = false;
        break;
      case '--no-control':
        options.control = false;
        break;
      case '--no-long-tasks':
        options.longTasks = false;
        break;
      case '--skip-islands':
        options.skipIslands = value()
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean);
        break;
      case '--only':
        options.only = value();
        if (!ONLY.includes(options.only)) throw new Error(`--only must be one of ${ONLY.join(', ')}, got "${options.only}"\n\n${USAGE}`);
        break;
      case '--cpu-rate':
        options.cpuRate = positiveInt(flag, value());
        break;
      case '--runs':
        options.runs = positiveInt(flag, value());
        break;
      case '--routes':
        options.routes = parseRoutes(value());
        break;
      case '--port':
        options.port = positiveInt(flag, value());
        break;
      case '--base-url':
        options.baseUrl = new URL(value()).origin;
        break;
      case '--compare':
        options.compareUrl = new URL(value()).origin;
        break;
      case '--help':
      case '-h':
        options.help = true;
        break;
      default:
        throw new Error(`unknown option ${argv[i]}\n\n${USAGE}`);
    }
  }
  return options;
}

export { USAGE };

function positiveInt(flag, raw) {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} must be a positive integer, got "${raw}"`);
  return n;
}

function parseRoutes(raw) {
  const routes = raw
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean)
    .map((r) => (r.startsWith('/') ? r : `/${r}`));
  if (routes.length === 0) throw new Error('--routes needs at least one route');
  return routes;
}
