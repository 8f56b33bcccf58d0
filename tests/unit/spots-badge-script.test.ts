// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { enhanceSpotsBadges } from '~/enhancers/spots-badge';

describe('enhanceSpotsBadges', () => {
  it('replaces the build-time month with the visitor’s month', () => {
    document.body.innerHTML = `<div><span data-spots-badge data-spots-left="7"
      data-one="{count} spot left in {month}" data-other="{count} spots left in {month}">7 spots left in March</span></div>`;
    enhanceSpotsBadges(document, new Date(2026, 10, 23));
    expect(document.querySelector('[data-spots-badge]')?.textContent).toBe('7 spots left in November');
  });
});
