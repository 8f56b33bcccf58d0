import { describe, expect, it } from 'vitest';
import { idsInFile, sortByIds } from '~/lib/file-order';

describe('list collections in file order', () => {
  it('reads the ids in the order the file has them', () => {
    expect(idsInFile('[{"id":"glutes"},{"id":"abs"},{"id":"arms"}]')).toEqual(['glutes', 'abs', 'arms']);
  });

  it('refuses a file that is not a list', () => {
    expect(() => idsInFile('{"id":"glutes"}')).toThrow(/JSON array/);
  });

  it('puts entries sorted by id back in file order, unknown ids last', () => {
    const byId = [{ id: 'abs' }, { id: 'arms' }, { id: 'extra' }, { id: 'glutes' }];
    expect(sortByIds(byId, ['glutes', 'abs', 'arms']).map(({ id }) => id)).toEqual(['glutes', 'abs', 'arms', 'extra']);
  });
});
