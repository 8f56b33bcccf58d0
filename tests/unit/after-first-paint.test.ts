import { describe, expect, it } from 'vitest';
import { ENHANCED_ATTRIBUTE, afterFirstPaint } from '~/lib/idle';

/** A window whose frames are run by the test (the task after a frame comes from Node's MessageChannel). */
function fakeWindow() {
  const frames: (() => void)[] = [];
  const attributes = new Map<string, string>();
  const win = {
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    document: { documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) } },
  } as unknown as Window;
  const drawFrame = () => frames.splice(0).forEach((run) => run());
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { win, drawFrame, nextTask, attributes };
}

describe('afterFirstPaint', () => {
  it('runs nothing before the frame, then each task after it, and marks the page enhanced when all ran', async () => {
    const { win, drawFrame, nextTask, attributes } = fakeWindow();
    const ran: string[] = [];
    afterFirstPaint(() => ran.push('typing'), win);
    afterFirstPaint(() => ran.push('video'), win);
    await nextTask();
    expect(ran).toEqual([]);
    drawFrame();
    expect(ran).toEqual([]); // not inside the frame: in the task after it
    await nextTask();
    expect(ran).toEqual(['typing', 'video']);
    expect(attributes.has(ENHANCED_ATTRIBUTE)).toBe(true);
  });

  it('a task that throws still counts as done, so the page is marked enhanced', async () => {
    const { win, drawFrame, nextTask, attributes } = fakeWindow();
    const errors: unknown[] = [];
    process.once('uncaughtException', (error) => errors.push(error));
    afterFirstPaint(() => {
      throw new Error('video failed');
    }, win);
    drawFrame();
    await nextTask();
    await nextTask();
    expect(attributes.has(ENHANCED_ATTRIBUTE)).toBe(true);
    expect(errors).toHaveLength(1);
  });
});
