/**
 * The endpoint's request body, within bounds before anything reads it: at most `maxBytes` however
 * it is sent (the functions' one capped reader, `readCappedBody`: the bytes are counted as they
 * arrive, and reading stops past the cap), and JSON nested no deeper than the content needs (a deep nest would overflow the
 * parsers' stacks). Content files travel as text inside the body: `nestingProblem` checks them too.
 */
import { readCappedBody } from '../../../../supabase/functions/_shared/http.ts';
import { refuse } from './refusal';

/** The deepest nesting a request or a content file needs, with room: the content's own is 5. */
export const MAX_JSON_DEPTH = 24;

/** How deeply `text` nests its lists and objects (strings skipped), or the first depth past `limit`. */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let at = 0; at < text.length; at += 1) {
    const char = text.charCodeAt(at);
    if (inString) {
      if (char === 0x5c) at += 1;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (char === 0x7d || char === 0x5d) depth -= 1;
  }
  return deepest;
}

/** Refuses (400) text nested deeper than any content needs. */
export function checkNesting(text: string, what: string): void {
  if (jsonDepth(text) > MAX_JSON_DEPTH) refuse('bad-request', `${what} nests its lists and groups deeper than any content of the site (${MAX_JSON_DEPTH} levels).`);
}

/** The body as JSON, or a refusal: 413 over `maxBytes`, 400 not JSON or nested too deep. */
export async function readEditorRequest(request: Request, maxBytes: number, tooLarge: () => never): Promise<unknown> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode((await readCappedBody(request, maxBytes)) ?? tooLarge());
  } catch (error) {
    if (error instanceof TypeError) refuse('bad-request', 'The request is not text in UTF-8.');
    throw error;
  }
  checkNesting(text, 'The request');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return refuse('bad-request', 'The request is not JSON.');
  }
}
