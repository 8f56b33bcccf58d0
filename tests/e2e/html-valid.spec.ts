/** Every page of the build is valid HTML by the Nu HTML checker (scripts/vnu.mjs). */
import { expect, test } from '@playwright/test';
import { readdirSync } from 'node:fs';
import { checkHtml } from '../../scripts/vnu.mjs';

test.skip(({ isMobile }) => isMobile, 'the build does not depend on the viewport');

test('the Nu HTML checker finds no error in dist/', () => {
  test.setTimeout(120_000);
  expect(readdirSync('dist').filter((name) => name.endsWith('.html')).length).toBeGreaterThan(5);
  const { errors } = checkHtml('dist');
  expect(errors).toEqual([]);
});
