/**
 * What the long-task loads run inside the page (page.evaluate / addInitScript), not in Node:
 * recording from before the page's own scripts, and one scroll step.
 */
/* global window, document, MutationObserver */

/**
 * Before the page's own scripts: keeps in `window.__long` every long task, every long animation
 * frame (with what ran in it), the first contentful paint and the largest contentful paint.
 */
export function recordLongTasks() {
  const long = { tasks: [], frames: [], fcp: null, lcp: null };
  window.__long = long;
  const observe = (type, onEntry) => {
    if (PerformanceObserver.supportedEntryTypes.includes(type)) {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true });
    }
  };
  observe('longtask', (entry) => long.tasks.push({ start: entry.startTime, duration: entry.duration }));
  observe('long-animation-frame', (entry) =>
    long.frames.push({
      start: entry.startTime,
      duration: entry.duration,
      // Rendering of the frame: style and layout, then paint; what is left is script and the rest.
      renderMs: entry.renderStart ? entry.startTime + entry.duration - entry.renderStart : 0,
      styleAndLayoutMs: entry.styleAndLayoutStart ? entry.startTime + entry.duration - entry.styleAndLayoutStart : 0,
      scripts: entry.scripts.map((script) => ({
        invoker: script.invoker,
        source: script.sourceURL ? `${script.sourceURL.split('/').pop()}:${script.sourceCharPosition}` : '',
        duration: Math.round(script.duration),
        forcedLayout: Math.round(script.forcedStyleAndLayoutDuration),
      })),
    }),
  );
  observe('paint', (entry) => {
    if (entry.name === 'first-contentful-paint') long.fcp = entry.startTime;
  });
  observe('largest-contentful-paint', (entry) => {
    const element = entry.element;
    const name = element ? `${element.localName}${element.id ? `#${element.id}` : ''}${element.className ? `.${String(element.className).split(' ')[0]}` : ''}` : '?';
    long.lcp = { start: entry.startTime, element: name, url: entry.url ? entry.url.split('/').pop() : '' };
  });
}

/** As the page is parsed: takes the islands of the `names` components out, so they never hydrate. */
export function removeIslands(names) {
  const remove = () => {
    for (const name of names) for (const island of document.querySelectorAll(`astro-island[component-url*="/${name}."]`)) island.remove();
  };
  new MutationObserver(remove).observe(document, { childList: true, subtree: true });
}

/** One step down; true once the bottom of the page is on screen. */
export function scrollStep(px) {
  window.scrollBy({ top: px, behavior: 'instant' });
  return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
}

/** What was recorded, with the load event's start and the page's size. */
export function readRecord() {
  const [navigation] = performance.getEntriesByType('navigation');
  return { ...window.__long, loadStart: navigation?.loadEventStart ?? null, elements: document.getElementsByTagName('*').length };
}
