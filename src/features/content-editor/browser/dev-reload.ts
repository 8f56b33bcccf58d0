/**
 * Under `npm run dev`, a content file saved in one tab makes the dev server reload every open page;
 * this tab asks to be left out (src/integrations/dev-content-reload/), so its unsaved changes stay.
 * Decap's own "Saved" toast then says a save. `import.meta.hot` is the dev server's alone: the
 * build drops this.
 */
import { SPARE_FROM_CONTENT_RELOAD } from '~/integrations/dev-content-reload/contract';

export function spareFromContentReload(): void {
  if (import.meta.hot) import.meta.hot.send(SPARE_FROM_CONTENT_RELOAD);
}
