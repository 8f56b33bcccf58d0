/**
 * Whether a fixed element (the header, the privacy choices panel, the floating prompt's button,
 * toasts) covers a page's buttons or links, in numbers, run in the page. One problem per covered
 * control, naming it and what covers it.
 *
 * - On the first screen (scrolled to the top): no control that the screen shows whole is covered,
 *   even in part (one cut by the screen's foot is below the fold, whatever covers that part).
 * - Anywhere: each control, brought into view as the keyboard brings a focused control (scrolled
 *   to the nearest edge, within the page's scroll-padding), is not covered either (WCAG 2.4.11,
 *   focus not obscured).
 *
 * A control is covered when a point of its visible box (a 3 × 3 grid, 2 px in from its edges)
 * hits an element inside a fixed or sticky element that is not the control's own. Scrolls are
 * instant (reduced motion is emulated by the caller).
 */
import type { Page } from '@playwright/test';

export async function coveredControls(page: Page): Promise<string[]> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  return page.evaluate(async () => {
    const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const pinned = (element: Element | null): Element | null => {
      for (let at = element; at && at !== document.documentElement; at = at.parentElement) {
        const { position } = getComputedStyle(at);
        if (position === 'fixed' || position === 'sticky') return at;
      }
      return null;
    };
    const describe = (element: Element): string => {
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const id = element.id ? `#${element.id}` : '';
      return `<${element.tagName.toLowerCase()}${id}>${name ? ` "${name}"` : ''}`;
    };
    const controls = [...document.querySelectorAll('a[href], button, summary, input:not([type="hidden"]), select, textarea')].filter((element) => {
      const box = element.getBoundingClientRect();
      // A visually hidden control (the skip link until it has focus) is clipped to nothing.
      const clipped = getComputedStyle(element).getPropertyValue('clip').startsWith('rect(0');
      return element.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && !clipped && box.width > 2 && box.height > 2;
    });

    /** What covers `control` where it is now, or null. */
    const coverOf = (control: Element): Element | null => {
      const box = control.getBoundingClientRect();
      const top = Math.max(box.top, 0) + 2;
      const bottom = Math.min(box.bottom, innerHeight) - 2;
      const left = Math.max(box.left, 0) + 2;
      const right = Math.min(box.right, document.documentElement.clientWidth) - 2;
      if (bottom <= top || right <= left) return null;
      const own = pinned(control);
      for (const y of [top, (top + bottom) / 2, bottom]) {
        for (const x of [left, (left + right) / 2, right]) {
          const hit = document.elementFromPoint(x, y);
          if (!hit || control.contains(hit) || hit.contains(control)) continue;
          const cover = pinned(hit);
          if (cover && cover !== own && !cover.contains(control)) return cover;
        }
      }
      return null;
    };

    const problems: string[] = [];
    scrollTo(0, 0);
    await frames();
    for (const control of controls) {
      // Only what the first screen shows whole: a control cut by its foot reads as "more below".
      const box = control.getBoundingClientRect();
      if (box.top < 0 || box.bottom > innerHeight) continue;
      const cover = coverOf(control);
      if (cover) problems.push(`first screen: ${describe(control)} is under ${describe(cover).slice(0, 60)}`);
    }
    for (const control of controls) {
      if (!control.checkVisibility()) continue;
      control.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      await frames();
      const cover = coverOf(control);
      if (cover) problems.push(`scrolled to: ${describe(control)} is under ${describe(cover).slice(0, 60)}`);
    }
    return problems;
  });
}
