// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import onDemand from '~/islands/on-demand';
import { requestIsland } from '~/enhancers/islands';
import { copyText } from '~/enhancers/copy-code';

const directive = (name: string) => {
  const hydrate = vi.fn(async () => {});
  const load = vi.fn(async () => hydrate);
  onDemand(load, { name: 'on-demand', value: name }, document.createElement('astro-island'));
  return { load, hydrate };
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('client:on-demand', () => {
  it('does not hydrate on its own', async () => {
    const { load } = directive('never-asked');
    await settle();
    expect(load).not.toHaveBeenCalled();
  });

  it('hydrates once when asked, however often it is asked', async () => {
    const { load, hydrate } = directive('asked-later');
    requestIsland('asked-later');
    requestIsland('asked-later');
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(hydrate).toHaveBeenCalledTimes(1);
  });

  it('hydrates at once when it was asked for before the directive ran (a click before hydration)', async () => {
    requestIsland('asked-first');
    const { hydrate } = directive('asked-first');
    await settle();
    expect(hydrate).toHaveBeenCalledTimes(1);
  });

  it('asking for one island leaves the others alone', async () => {
    const booking = directive('booking-x');
    requestIsland('screener-x');
    await settle();
    expect(booking.load).not.toHaveBeenCalled();
  });
});

describe('copyText', () => {
  it('uses the Clipboard API', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(window.navigator, 'clipboard', { value: { writeText }, configurable: true });
    await copyText('KAYLA');
    expect(writeText).toHaveBeenCalledWith('KAYLA');
  });

  it('fails when the clipboard refuses', async () => {
    Object.defineProperty(window.navigator, 'clipboard', {
      value: { writeText: async () => Promise.reject(new Error('denied')) },
      configurable: true,
    });
    await expect(copyText('KAYLA')).rejects.toThrow('denied');
  });
});
