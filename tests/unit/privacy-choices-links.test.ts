/**
 * The footer's privacy choices links under each policy, rendered by Astro: opt-out adds the link
 * the US state privacy laws name ("Do Not Sell or Share My Personal Information").
 */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import PrivacyChoicesLinks from '../../src/features/consent/PrivacyChoicesLinks.astro';
import settings from '../../src/content/pages/settings.json';
import { consentCopySchema } from '../../src/features/consent/schema';

const consent = consentCopySchema.parse(settings.consent);

async function linksFor(policy: 'opt-in' | 'opt-out') {
  const container = await AstroContainer.create();
  const html = await container.renderToString(PrivacyChoicesLinks, { props: { consent: { ...consent, policy }, class: 'x' } });
  return [...html.matchAll(/<a href="([^"]+)"[^>]*data-open-privacy-choices[^>]*>\s*([^<]+?)\s*<\/a>/g)].map(([, href, label]) => ({ href, label }));
}

describe('privacy choices links', () => {
  it('opt-in: one link, "Privacy choices"', async () => {
    expect(await linksFor('opt-in')).toEqual([{ href: '/privacy#choices', label: 'Privacy choices' }]);
  });

  it('opt-out: also "Do Not Sell or Share My Personal Information"', async () => {
    expect(await linksFor('opt-out')).toEqual([
      { href: '/privacy#choices', label: 'Privacy choices' },
      { href: '/privacy#choices', label: 'Do Not Sell or Share My Personal Information' },
    ]);
  });
});
