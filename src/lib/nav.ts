/** Where a section anchor points: in-page on the home page, otherwise home first. */
export function sectionHref(anchor: string, currentPath: string): string {
  const onHome = currentPath === '/' || currentPath === '/index.html' || currentPath === '';
  return onHome ? `#${anchor}` : `/#${anchor}`;
}
