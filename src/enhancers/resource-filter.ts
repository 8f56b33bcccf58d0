import { RESOURCE_CATEGORIES, type ResourceCategory } from '~/lib/resources';

type Filter = 'all' | ResourceCategory;

const isFilter = (value: string | undefined): value is Filter => value === 'all' || (RESOURCE_CATEGORIES as readonly string[]).includes(value ?? '');

/**
 * Filter pills over the pre-rendered resource groups. "All" shows every group with its
 * heading; one category shows only that group, without its heading. Cards replay their
 * staggered fade-in on each change.
 */
export function enhanceResourceFilters(root: Document): void {
  const bar = root.querySelector<HTMLElement>('[data-resource-filters]');
  if (!bar) return;
  const pills = [...bar.querySelectorAll<HTMLButtonElement>('button[data-filter]')];
  const groups = [...root.querySelectorAll<HTMLElement>('[data-resource-group]')];

  const apply = (filter: Filter) => {
    for (const pill of pills) pill.setAttribute('aria-pressed', String(pill.dataset.filter === filter));
    for (const group of groups) {
      group.hidden = filter !== 'all' && group.dataset.resourceGroup !== filter;
      const heading = group.querySelector<HTMLElement>('[data-group-heading]');
      if (heading) heading.hidden = filter !== 'all';
      for (const card of group.querySelectorAll<HTMLElement>('[data-resource-card]')) {
        card.getAnimations().forEach((animation) => {
          animation.cancel();
          animation.play();
        });
      }
    }
  };

  bar.addEventListener('click', (event) => {
    const pill = (event.target as Element).closest<HTMLButtonElement>('button[data-filter]');
    if (pill && isFilter(pill.dataset.filter)) apply(pill.dataset.filter);
  });
}
