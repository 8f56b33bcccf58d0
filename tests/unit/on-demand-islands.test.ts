// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import onDemand from '~/integrations/on-demand-islands/client';
import { wakeIsland } from '~/lib/wake-island';
import { copyText } from '~/enhancers/copy-code';

const directive = (island: HTMLElement = document.body.appendChild(document.createElement('astro-island'))) => {
  const hydrate = vi.fn(async () => {});
  const load = vi.fn(async () => hydrate);
  onDemand(load, { name: 'on-demand', value: '' }, island);
  return { island, load, hydrate };
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('client:on-demand', () => {
  it('does not hydrate on its own', async () => {
    const { load } = directive();
    await settle();
    expect(load).not.toHaveBeenCalled();
  });

  it('hydrates once when asked on its own element, however often it is asked', async () => {
    const { island, load, hydrate } = directive();
    wakeIsland(island.parentElement);
    island.setAttribute('data-wanted', 'again');
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(hydrate).toHaveBeenCalledTimes(1);
  });

  it('hydrates at once when it was asked for before the directive ran (a tap before hydration)', async () => {
    const island = document.body.appendChild(document.createElement('astro-island'));
    const host = document.body.appendChild(document.createElement('div'));
    host.append(island);
    wakeIsland(host);
    const { hydrate } = directive(island);
    await settle();
    expect(hydrate).toHaveBeenCalledTimes(1);
  });

  it('asking for one island leaves the others alone', async () => {
    const booking = directive();
    const screener = directive();
    wakeIsland(screener.island);
    await settle();
    expect(booking.load).not.toHaveBeenCalled();
    expect(screener.load).toHaveBeenCalledTimes(1);
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

  it('fails where the page has no clipboard (the visitor is asked to copy by hand)', async () => {
    Object.defineProperty(window.navigator, 'clipboard', { value: undefined, configurable: true });
    await expect(copyText('KAYLA')).rejects.toThrow('no clipboard');
  });
});
