/**
 * A content file whose root is a list (testimonials.json and the other list files): Decap edits an
 * object's fields, so the form sees `{items: [...]}` while the file stays a list on disk.
 */
import { LIST_FIELD } from '../editor-config';

export const listFormat = {
  fromFile: (text: string): Record<string, unknown> => ({ [LIST_FIELD]: JSON.parse(text) }),
  toFile: (data: Record<string, unknown>): string => JSON.stringify(data[LIST_FIELD] ?? [], null, 2),
};
