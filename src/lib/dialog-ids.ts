/** The ids of a named modal dialog and of its title and description (one convention for every dialog). */
export function dialogIds(name: string): { dialog: string; title: string; description: string } {
  return { dialog: `${name}-dialog`, title: `${name}-title`, description: `${name}-description` };
}
