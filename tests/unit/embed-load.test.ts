/** The rule of third-party embeds in dialogs (src/lib/embed-load.ts) and the opt-in's addresses. */
import { describe, expect, it } from 'vitest';
import { EMBED_GIVE_UP_MS, EMBED_WAIT_MS, type EmbedEvent, IDLE_EMBED, awaited, embedReducer, frameShown, remainingWait } from '~/lib/embed-load';
import { formEmbedUrl } from '~/lib/embed-script';
import { LOCAL_FORM_EMBED_SCRIPT, LOCAL_LEAD_FORM_BASE, leadFormEmbeds, resourceRequestHref } from '~/features/get-resource/lead-form';

const run = (...events: EmbedEvent[]) => events.reduce(embedReducer, IDLE_EMBED);

describe('an embed in a dialog', () => {
  it('gives up within 3 s, so a fallback shows within 4 s of opening; a script may load for longer', () => {
    expect(EMBED_WAIT_MS).toBeLessThanOrEqual(3_000);
    expect(EMBED_GIVE_UP_MS).toBeGreaterThan(EMBED_WAIT_MS);
  });

  it('is ready once both the script and the iframe have loaded, in either order', () => {
    expect(run('start', 'script-loaded').status).toBe('loading');
    expect(run('start', 'script-loaded', 'frame-loaded').status).toBe('ready');
    expect(run('start', 'frame-loaded', 'script-loaded').status).toBe('ready');
  });

  it('fails on a failed script or going offline, for good: late news changes nothing', () => {
    for (const cause of ['script-failed', 'offline'] as const) {
      expect(run('start', cause)).toMatchObject({ status: 'failed', late: false });
      expect(run('start', cause, 'script-loaded', 'frame-loaded').status).toBe('failed');
    }
    expect(run('start', 'script-loaded', 'frame-loaded', 'timed-out').status).toBe('ready');
  });

  it('fails when the wait runs out, but what arrives late still makes it ready', () => {
    expect(run('start', 'timed-out')).toMatchObject({ status: 'failed', late: true });
    expect(run('start', 'timed-out', 'script-loaded').status).toBe('failed');
    expect(run('start', 'timed-out', 'script-loaded', 'frame-loaded')).toMatchObject({ status: 'ready', late: false });
    expect(run('start', 'timed-out', 'script-failed')).toMatchObject({ status: 'failed', late: false });
    expect(run('start', 'timed-out', 'script-failed', 'script-loaded', 'frame-loaded').status).toBe('failed');
  });

  it('starts again from nothing (Try again, another form), and a reset closes it', () => {
    expect(run('start', 'script-failed', 'start')).toEqual({ status: 'loading', script: false, frame: false, late: false });
    expect(run('start', 'script-loaded', 'reset')).toEqual(IDLE_EMBED);
    expect(run('script-loaded').status).toBe('idle');
  });

  it('adds the iframe with the script, or after it; keeps it behind the fallback only while it may arrive', () => {
    expect(frameShown(run('start'), 'with-script')).toBe(true);
    expect(frameShown(run('start'), 'after-script')).toBe(false);
    expect(frameShown(run('start', 'script-loaded'), 'after-script')).toBe(true);
    expect(frameShown(run('start', 'script-loaded', 'frame-loaded'), 'after-script')).toBe(true);
    expect(frameShown(run('start', 'timed-out'), 'with-script')).toBe(true);
    expect(frameShown(run('start', 'timed-out'), 'after-script')).toBe(false);
    expect(frameShown(run('start', 'timed-out', 'script-loaded'), 'after-script')).toBe(true);
    expect(frameShown(run('start', 'script-failed'), 'with-script')).toBe(false);
    expect(frameShown(run('start', 'offline'), 'with-script')).toBe(false);
  });

  it('waits for the script, then for the iframe: the wait starts again when the iframe is added', () => {
    expect(awaited(run('start'), 'after-script')).toBe('script');
    expect(awaited(run('start', 'script-loaded'), 'after-script')).toBe('frame');
    expect(awaited(run('start'), 'with-script')).toBe('frame');
    expect(awaited(run('start', 'script-failed'), 'after-script')).toBeNull();
    expect(awaited(IDLE_EMBED, 'after-script')).toBeNull();
  });
});

describe('the first wait counts from the opening', () => {
  it('leaves what the visitor has not yet waited since the tap, never less than 0 nor more than the wait', () => {
    expect(remainingWait(1000, 1000)).toBe(EMBED_WAIT_MS);
    expect(remainingWait(1000, 1400)).toBe(EMBED_WAIT_MS - 400);
    expect(remainingWait(1000, 1000 + EMBED_WAIT_MS + 50)).toBe(0);
    // A clock that went backwards, or no opening time: the whole wait.
    expect(remainingWait(1000, 900)).toBe(EMBED_WAIT_MS);
    expect(remainingWait(null, 5000)).toBe(EMBED_WAIT_MS);
    expect(remainingWait(Number.NaN, 5000)).toBe(EMBED_WAIT_MS);
  });
});

describe('the opt-in form', () => {
  it('has one address for the iframe and the fallback link, on the real host or the local one', () => {
    expect(formEmbedUrl('https://api.leadconnectorhq.com', 'Xq7LmV2pRt9KbN4sWc1d')).toBe('https://api.leadconnectorhq.com/widget/form/Xq7LmV2pRt9KbN4sWc1d');
    expect(formEmbedUrl('https://forms.example//', 'a b')).toBe('https://forms.example/widget/form/a%20b');
    expect(formEmbedUrl(LOCAL_LEAD_FORM_BASE, 'Ab12')).toBe('/_dev/lead-form/widget/form/Ab12');
  });

  it('comes from the real lead platform unless the dev server serves the local test form', () => {
    const real = { leadFormHost: 'https://api.leadconnectorhq.com', formEmbedScript: 'https://link.msgsndr.com/js/form_embed.js' };
    expect(leadFormEmbeds(real, false)).toEqual(real);
    expect(leadFormEmbeds(real, true)).toEqual({ leadFormHost: LOCAL_LEAD_FORM_BASE, formEmbedScript: LOCAL_FORM_EMBED_SCRIPT });
  });

  it('can be asked for by e-mail, with the guide in the subject', () => {
    expect(resourceRequestHref('hello@kaylareyes.coach', 'Get it free', 'The Fit Baddie Blueprint')).toBe(
      'mailto:hello@kaylareyes.coach?subject=Get%20it%20free%3A%20The%20Fit%20Baddie%20Blueprint',
    );
  });
});
