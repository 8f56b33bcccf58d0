/**
 * A content file whose root is a list (testimonials.json and the other list files): Decap edits an
 * object's fields, so the form sees `{items: [...]}` while the file stays a list on disk.
 */
export const LIST_FORMAT = 'json-list';

export const listFormat = {
  fromFile: (text: string): { items: unknown } => ({ items: JSON.parse(text) }),
  toFile: (data: { items?: unknown }): string => JSON.stringify(data.items ?? [], null, 2),
};
