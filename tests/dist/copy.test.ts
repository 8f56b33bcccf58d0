/**
 * The copy and links the product promises, as the built pages carry them before any JavaScript
 * runs: whitespace-normalised text of the parsed page (entities decoded), and the `href`s of the
 * elements that should carry them.
 */
import { JSDOM } from 'jsdom';
import { describe, expect, test } from 'vitest';
import { readPage } from './dist-files';

function page(path: string): Document {
  const doc = new JSDOM(readPage(path)).window.document;
  for (const node of doc.querySelectorAll('script, style, template')) node.remove();
  return doc;
}

const text = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
const links = (node: Element | null | undefined) =>
  [...(node?.querySelectorAll('a') ?? [])].map((a) => ({ text: text(a), href: a.getAttribute('href') }));
const items = (node: Element | null | undefined) => [...(node?.querySelectorAll('li') ?? [])].map(text);

const MONTHS = Array.from({ length: 12 }, (_, month) => new Date(2024, month, 1).toLocaleString('en-US', { month: 'long' }));

describe('home (/)', () => {
  const doc = page('/');
  const body = text(doc.body);

  test('claims a certified coach and 7 spots left in a month', () => {
    expect(body).toContain('certified coach');
    expect(body).toMatch(new RegExp(`\\b7 spots left in (${MONTHS.join('|')})\\b`));
  });

  test('offers the partner discount code with free shipping', () => {
    const supplements = text(doc.getElementById('supplements'));
    expect(supplements).toContain('discount code');
    expect(supplements).toContain('free shipping');
  });

  test('the hero video loops, and the hero and the final call to action link to /guides', () => {
    const video = doc.querySelector('video[data-hero-video]');
    expect(video?.hasAttribute('loop')).toBe(true);
    const hero = video?.closest('section');
    expect(links(hero).map((link) => link.href)).toContain('/guides');
    expect(links(doc.getElementById('contact')).map((link) => link.href)).toContain('/guides');
  });

  test('the footer links the privacy policy, the terms and the privacy choices (opt-in: no "Do Not Sell" link)', () => {
    const footer = doc.querySelector('footer');
    expect(links(footer).filter((link) => /privacy|terms|sell/i.test(link.text))).toEqual([
      { text: 'Privacy Policy', href: '/privacy' },
      { text: 'Terms of Service', href: '/terms' },
      { text: 'Privacy choices', href: '/privacy#choices' },
    ]);
    expect(footer?.querySelector('a[href="/privacy#choices"]')?.hasAttribute('data-open-privacy-choices')).toBe(true);
  });

  test('the privacy choices panel is in the page, hidden until a script decides, with the build’s policy', () => {
    const panel = doc.getElementById('privacy-choices');
    expect(panel?.hidden).toBe(true);
    expect(panel?.dataset.consentPolicy).toBe('opt-in');
    expect(text(panel)).toContain('Your privacy choices');
    expect([...(panel?.querySelectorAll('button') ?? [])].map(text)).toEqual(['Accept', 'Decline', 'Close']);
  });
});

describe('/guides', () => {
  const doc = page('/guides');

  test('the copy names the program lengths of the resources', () => {
    const body = text(doc.body);
    const lengths = ['40-page guide', '12-week', '8-week', '10-week', '6-week', '25-page', '30 recipes'];
    expect(lengths.filter((length) => !body.includes(length))).toEqual([]);
  });

  test('every resource card has its ‘Get it free’ button', () => {
    const cards = [...doc.querySelectorAll('[data-resource-card]')];
    expect(cards).toHaveLength(11);
    for (const card of cards) expect(links(card).map((link) => link.text), text(card.querySelector('h3'))).toContain('Get it free');
  });

  // The featured card sits above the fold and does not fade in.
  test('the grouped cards fade in staggered by 200 ms per item of their group', () => {
    const delay = readPage('/guides').match(/animation-delay\\:calc[^{]*\{animation-delay:([^}]+)\}/)?.[1];
    expect(delay?.replace(/\s+/g, '')).toBe('calc(var(--stagger)*.2s)');
    const grids = new Set([...doc.querySelectorAll('[data-resource-group] [data-resource-card]')].map((card) => card.parentElement));
    expect(grids.size).toBe(4);
    for (const grid of grids) {
      const cards = [...(grid?.querySelectorAll(':scope > [data-resource-card]') ?? [])];
      cards.forEach((card, index) => {
        expect(card.getAttribute('style')).toBe(`--stagger:${index}`);
        expect(card.classList.contains('motion-safe:animate-fade-up')).toBe(true);
        expect(card.classList.contains('[animation-delay:calc(var(--stagger)*200ms)]')).toBe(true);
      });
    }
  });
});

test('/auth: the sign-in description and the Back to Home link are in the HTML', () => {
  const main = page('/auth').querySelector('main');
  expect(text(main)).toContain('Sign in to access your account');
  expect(links(main)).toContainEqual({ text: 'Back to Home', href: '/' });
});

describe('thank-you pages', () => {
  test('/thank-you: the confirmation, three next steps and where the buttons go', () => {
    const main = page('/thank-you').querySelector('main');
    expect(text(main)).toContain("Your submission has been received successfully. We'll be in touch with you soon!");
    const steps = items(main?.querySelector('ol'));
    expect(steps).toHaveLength(3);
    expect(steps[0]).toContain('within 24 hours');
    expect(steps[1]).toMatch(/member of our team will reach out/);
    expect(steps[2]).toContain('personalized plan');
    expect(links(main)).toEqual([
      { text: 'Return to Homepage', href: '/' },
      { text: 'Browse Free Resources', href: '/guides' },
    ]);
  });

  test('/thank-you/call: the confirmation e-mail, what to expect and where the buttons go', () => {
    const main = page('/thank-you/call').querySelector('main');
    expect(text(main)).toMatch(/confirmation e-mail .*call details .*meeting link/);
    expect(text(main)).toContain('What to expect');
    const steps = items(main?.querySelector('ol'));
    expect(steps).toHaveLength(4);
    expect(steps[0]).toMatch(/review your goals and the challenges/);
    expect(steps[1]).toContain('past experience');
    expect(steps[2]).toContain('roadmap');
    expect(steps[3]).toMatch(/explore .*support/);
    expect(links(main)).toEqual([
      { text: 'Return to Homepage', href: '/' },
      { text: 'Browse Free Resources', href: '/guides' },
    ]);
  });

  test('/thank-you/resource: what the user gets and where the buttons go', () => {
    const main = page('/thank-you/resource').querySelector('main');
    const gets = items(main?.querySelector('ol'));
    expect(gets).toHaveLength(4);
    expect(gets[0]).toContain('Workout guides and programs');
    expect(gets[1]).toContain('Nutrition and meal-planning tips');
    expect(gets[2]).toContain('Expert insights');
    expect(gets[3]).toContain('community');
    expect(links(main)).toEqual([
      { text: 'Explore Your Resources', href: '/guides' },
      { text: 'Book a Consultation Call', href: '/' },
    ]);
  });
});

describe('/in-development', () => {
  const main = page('/in-development').querySelector('main');

  test('the Free Resources button goes to /guides', () => {
    expect(links(main)).toContainEqual({ text: 'Free Resources', href: '/guides' });
  });

  test('each of the five workout targets has its image, name and description', () => {
    const targets = [...(main?.querySelectorAll('li') ?? [])].map((li) => ({
      name: text(li.querySelector('h3')),
      image: li.querySelector('img')?.getAttribute('alt'),
      description: text(li.querySelector('p')),
    }));
    expect(targets.map((target) => target.name)).toEqual(['Glutes', 'Abs', 'Arms', 'Upper', 'Back']);
    for (const target of targets) {
      expect(target.image, target.name).toBe(`${target.name} workout`);
      expect(target.description.length, target.name).toBeGreaterThan(20);
    }
  });
});

describe('/privacy and /terms', () => {
  test('the privacy policy says what is collected, why, for how long, who receives it, the choices and a contact', () => {
    const body = text(page('/privacy').body);
    for (const heading of ['What we collect and why', 'How long we keep it', 'Who receives it', 'Your choices and rights', 'Contact']) expect(body).toContain(heading);
    for (const subject of ['Meta pixel', 'Conversions API', 'session storage', 'booking', 'opt-in form', 'sign in', 'hello@kaylareyes.coach']) expect(body).toContain(subject);
  });

  test('the privacy policy says what is counted without consent, what goes to Meta with it, and how long each is kept', () => {
    const body = text(page('/privacy').body);
    for (const subject of ['Counting conversions', 'also without your consent', 'no identifier', 'which of our campaigns bring leads', 'random id', '13 months', '7 days at most']) {
      expect(body).toContain(subject);
    }
  });

  test('the privacy policy explains consent and Global Privacy Control, and opens the privacy choices', () => {
    const choices = page('/privacy').getElementById('choices');
    expect(text(choices)).toContain('off until you agree');
    expect(text(choices)).toContain('Global Privacy Control');
    expect(links(choices)).toEqual([{ text: 'Open privacy choices', href: '/privacy#choices' }]);
  });

  test('the terms say coaching is not medical advice and name the contact', () => {
    const body = text(page('/terms').body);
    expect(body).toContain('Coaching is not medical advice');
    expect(body).toContain('hello@kaylareyes.coach');
  });
});
