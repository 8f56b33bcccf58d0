/**
 * Images with data-fallback-src switch to that file when their own source fails, including
 * failures that happened before this module ran (module scripts run after parsing).
 */
export function watchImageFallbacks(root: ParentNode): void {
  for (const img of root.querySelectorAll<HTMLImageElement>('img[data-fallback-src]')) {
    const useFallback = () => {
      const fallback = img.dataset.fallbackSrc;
      if (!fallback || img.getAttribute('src') === fallback) return;
      img.srcset = '';
      img.src = fallback;
    };
    img.addEventListener('error', useFallback, { once: true });
    if (img.complete && img.naturalWidth === 0) useFallback();
  }
}
