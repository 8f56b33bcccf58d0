/**
 * Geometric checks of a page's layout, run in the page: what a visitor would see as broken, in
 * numbers. Each problem is one line naming the element.
 *
 * - The page never scrolls sideways, and no element sticks out of the viewport's sides unless an
 *   ancestor clips it (a carousel's track, a scroll container).
 * - Every item of a grid or flex container has a box: an empty item (a `<source>` freed by
 *   `display: contents` on its `<picture>`, an empty wrapper) still takes a cell or a gap.
 * - In a grid of several columns, every row but the last is filled across: an empty cell means
 *   an item went to the wrong column or row.
 * - Text does not spill out of its box (a word wider than its button or card).
 */
import type { Page } from '@playwright/test';

export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    const describe = (element: Element): string => {
      const id = element.id ? `#${element.id}` : '';
      const classes = typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).slice(0, 3).join('.')}` : '';
      const section = element.closest('section[id], header, footer, dialog, [role="region"]');
      const where = section && section !== element ? ` in ${section.tagName.toLowerCase()}${section.id ? `#${section.id}` : ''}` : '';
      return `<${element.tagName.toLowerCase()}${id}${classes}>${where}`;
    };
    const rendered = (element: Element): boolean => {
      const style = getComputedStyle(element);
      return style.display !== 'none' && style.visibility !== 'hidden' && element.getClientRects().length > 0;
    };
    const clippedByAncestor = (element: Element): boolean => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX !== 'visible' || style.clipPath !== 'none' || style.getPropertyValue('clip') !== 'auto') return true;
      }
      return false;
    };
    /** The items a container lays out: its in-flow children, looking through `display: contents`. */
    const itemsOf = (container: Element): Element[] =>
      [...container.children].flatMap((child) => {
        const style = getComputedStyle(child);
        if (style.display === 'contents') return itemsOf(child);
        if (style.display === 'none' || style.position === 'absolute' || style.position === 'fixed') return [];
        return [child];
      });
    const tracks = (template: string): number[] =>
      template === 'none'
        ? []
        : template
            .split(/\s+/)
            .map((size) => Number.parseFloat(size))
            .filter((size) => Number.isFinite(size));

    if (document.documentElement.scrollWidth > width + 1) {
      problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px wide in a ${width} px viewport`);
    }

    for (const element of document.body.querySelectorAll('*')) {
      if (!rendered(element)) continue;
      const style = getComputedStyle(element);
      const rect = element.getBoundingClientRect();
      if (rect.width > 0 && (rect.left < -1 || rect.right > width + 1) && style.position !== 'fixed' && !clippedByAncestor(element)) {
        problems.push(`${describe(element)} sticks out of the viewport: ${Math.round(rect.left)}–${Math.round(rect.right)} px of ${width}`);
      }
      const hasOwnText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '');
      if (hasOwnText && style.overflowX === 'visible' && style.display !== 'inline' && element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0) {
        problems.push(`${describe(element)}: its text is ${element.scrollWidth} px wide in a ${element.clientWidth} px box`);
      }

      const grid = style.display === 'grid' || style.display === 'inline-grid';
      const flex = style.display === 'flex' || style.display === 'inline-flex';
      if (!grid && !flex) continue;
      const items = itemsOf(element);
      for (const item of items) {
        const box = item.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) problems.push(`${describe(item)} is an empty ${grid ? 'grid' : 'flex'} item of ${describe(element)}`);
      }
      const columns = tracks(style.gridTemplateColumns);
      const rows = tracks(style.gridTemplateRows);
      if (!grid || columns.length < 2 || rows.length < 2) continue;

      // The grid's cells, from its content box, its tracks and its gaps.
      const columnGap = Number.parseFloat(style.columnGap) || 0;
      const rowGap = Number.parseFloat(style.rowGap) || 0;
      const left = rect.left + element.clientLeft + Number.parseFloat(style.paddingLeft);
      const top = rect.top + element.clientTop + Number.parseFloat(style.paddingTop);
      const spans = (sizes: number[], start: number, gap: number) => {
        let at = start;
        return sizes.map((size) => {
          const span = { from: at, to: at + size };
          at += size + gap;
          return span;
        });
      };
      const columnSpans = spans(columns, left, columnGap);
      const rowSpans = spans(rows, top, rowGap);
      const filled = rowSpans.map(() => columnSpans.map(() => false));
      for (const item of items) {
        const box = item.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        rowSpans.forEach((row, r) => {
          if (box.bottom <= row.from + 1 || box.top >= row.to - 1) return;
          columnSpans.forEach((column, c) => {
            if (box.right > column.from + 1 && box.left < column.to - 1) filled[r]![c] = true;
          });
        });
      }
      const lastUsedRow = filled.findLastIndex((row) => row.some(Boolean));
      filled.slice(0, lastUsedRow).forEach((row, r) => {
        const empty = row.flatMap((isFilled, c) => (isFilled ? [] : [c + 1]));
        if (empty.length) problems.push(`${describe(element)}: row ${r + 1} of ${rows.length} has an empty cell in column ${empty.join(', ')} of ${columns.length}`);
      });
    }
    return problems;
  });
}

/**
 * Lays out every section of the page as if it were on screen: sections below the first screen
 * are `content-visibility: auto`, and a skipped section has no layout to check. Then waits for
 * the images the page is loading (not the lazy ones still waiting to be scrolled to): an image
 * without a size in the markup is 0 × 0 until it has loaded (the admin's previews).
 */
export async function renderWholePage(page: Page): Promise<void> {
  await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  await page.waitForFunction(() => [...document.images].filter((image) => image.loading !== 'lazy').every((image) => image.complete));
}
