import { spotsLabel } from '~/lib/spots';

/** Rewrites every spots badge with the visitor's current month (pages are built earlier). */
export function enhanceSpotsBadges(root: ParentNode, now: Date = new Date()): void {
  for (const badge of root.querySelectorAll<HTMLElement>('[data-spots-badge]')) {
    const { spotsLeft, one, other } = badge.dataset;
    if (spotsLeft === undefined || one === undefined || other === undefined) continue;
    badge.textContent = spotsLabel({ one, other }, Number(spotsLeft), now);
  }
}
