/** After choosing a section, the mobile menu closes. */
export function enhanceNav(root: Document): void {
  for (const menu of root.querySelectorAll<HTMLDetailsElement>('[data-mobile-menu]')) {
    menu.addEventListener('click', (event) => {
      if ((event.target as Element).closest('a')) menu.open = false;
    });
    menu.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && menu.open) {
        menu.open = false;
        menu.querySelector('summary')?.focus();
      }
    });
  }
}

/**
 * Arriving on the home page with a section hash from another route: scroll to the section
 * again after ~100 ms, once late layout (fonts, images) has settled.
 */
export function scrollToHashAfterLoad(win: Window, delayMs = 100): void {
  const id = decodeURIComponent(win.location.hash.slice(1));
  if (!id) return;
  win.setTimeout(() => {
    win.document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, delayMs);
}
