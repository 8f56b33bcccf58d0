/**
 * Draws a video frame it is sent (a transferred `VideoFrame`) and answers with a JPEG of it, or null:
 * the copy out of the video and the encoding happen here, not on the page's main thread.
 */
self.onmessage = async ({ data: frame }: MessageEvent<VideoFrame>) => {
  try {
    const canvas = new OffscreenCanvas(frame.displayWidth, frame.displayHeight);
    canvas.getContext('2d')?.drawImage(frame, 0, 0);
    self.postMessage(await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.8 }));
  } catch {
    self.postMessage(null);
  } finally {
    frame.close();
  }
};
