/**
 * `npm run dev` only: a local stand-in of the lead platform, so the guides' opt-in can be tried
 * end to end without accounts and without sending a real lead. Under LOCAL_LEAD_FORM_BASE the dev
 * server serves a clearly labelled test form per guide (`widget/form/<formId>`, as the real
 * host's address) and an empty form_embed.js; the opt-in dialog embeds them (src/features/get-resource/lead-form.ts).
 * The routes and the flag exist only for `astro dev`: `astro build` never sees them, so dist/
 * holds neither (tests/dist/dev-only.test.ts).
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { LOCAL_FORM_EMBED_SCRIPT, LOCAL_LEAD_FORM_BASE } from '../../features/get-resource/lead-form';

export function localLeadForm(): AstroIntegration {
  return {
    name: 'local-lead-form',
    hooks: {
      'astro:config:setup': ({ command, injectRoute, updateConfig }) => {
        if (command !== 'dev') return;
        injectRoute({
          pattern: `${LOCAL_LEAD_FORM_BASE}/widget/form/[formId]`,
          entrypoint: fileURLToPath(new URL('./form.astro', import.meta.url)),
        });
        injectRoute({ pattern: LOCAL_FORM_EMBED_SCRIPT, entrypoint: fileURLToPath(new URL('./form-embed.ts', import.meta.url)) });
        updateConfig({ vite: { define: { __LOCAL_LEAD_FORM__: 'true' } } });
      },
    },
  };
}
