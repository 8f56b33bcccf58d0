/**
 * What the long-task loads run inside the page (page.evaluate / addInitScript), not in Node:
 * recording from before the page's own scripts, and one scroll step.
 */
/* global window, document, MutationObserver */

/**
 * Before the page's own scripts: keeps in `window.__long` every long task, every long animation
 * frame, the first contentful paint and the largest contentful paint. The observers only keep the
 * entries (readRecord reads them): a callback that did more was itself a long task on a slow phone.
 */
export function recordLongTasks() {
  const long = { tasks: [], frames: [], paints: [], lcp: [] };
  window.__long = long;
  const observe = (type, into) => {
    if (PerformanceObserver.supportedEntryTypes.includes(type)) new PerformanceObserver((list) => into.push(...list.getEntries())).observe({ type, buffered: true });
  };
  observe('longtask', long.tasks);
  observe('long-animation-frame', long.frames);
  observe('paint', long.paints);
  observe('largest-contentful-paint', long.lcp);
}

/** The first contentful paint and the largest so far, from what recordLongTasks kept. */
export function readPaints() {
  const { paints, lcp } = window.__long;
  const fcp = paints.find((entry) => entry.name === 'first-contentful-paint')?.startTime ?? null;
  const last = lcp.at(-1);
  if (!last) return { fcp, lcp: null };
  const element = last.element;
  const name = element ? `${element.localName}${element.id ? `#${element.id}` : ''}${element.className ? `.${String(element.className).split(' ')[0]}` : ''}` : '?';
  return { fcp, lcp: { start: last.startTime, element: name, url: last.url ? last.url.split('/').pop() : '' } };
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
  const { tasks, frames } = window.__long;
  return {
    tasks: tasks.map((entry) => ({ start: entry.startTime, duration: entry.duration })),
    frames: frames.map((entry) => ({
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
    })),
    loadStart: navigation?.loadEventStart ?? null,
    elements: document.getElementsByTagName('*').length,
  };
}
