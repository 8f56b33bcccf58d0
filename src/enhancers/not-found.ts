/** The 404 page (marked `data-not-found`) records which path was missing, for whoever reads the console. */
export function logMissingPage(doc: Document): void {
  if (!doc.querySelector('[data-not-found]')) return;
  console.error('404 Error: User attempted to access non-existent route:', doc.defaultView?.location.pathname);
}
