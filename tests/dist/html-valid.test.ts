/** Every page of the build is valid HTML by the Nu HTML checker (tools/vnu.mjs). */
import { expect, test } from 'vitest';
import { checkHtml } from '../../tools/vnu.mjs';
import { DIST, htmlFiles } from './dist-files';

// One run of the checker on Java over every page.
test('the Nu HTML checker finds no error in dist/', { timeout: 180_000 }, () => {
  expect(htmlFiles(DIST).length).toBeGreaterThan(5);
  const { errors } = checkHtml(DIST);
  expect(errors).toEqual([]);
});
