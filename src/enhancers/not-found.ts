/** The 404 page records which path was missing, for whoever reads the console. */
export function logMissingPath(pathname: string): void {
  console.error('404 Error: User attempted to access non-existent route:', pathname);
}
