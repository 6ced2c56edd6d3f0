import { describe, expect, it } from 'vitest';
import { areaKeys } from './query-keys';

describe('areaKeys', () => {
  const keys = areaKeys('members');

  it('builds every key of an area under its root', () => {
    expect(keys.all).toEqual(['members']);
    expect(keys.lists).toEqual(['members', 'list']);
    expect(keys.list('sort=number')).toEqual(['members', 'list', 'sort=number']);
    expect(keys.details).toEqual(['members', 'detail']);
    expect(keys.detail('m1')).toEqual(['members', 'detail', 'm1']);
    expect(keys.of('form-options')).toEqual(['members', 'form-options']);
  });

  it('nests so that a prefix reaches what is under it', () => {
    const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
      prefix.every((part, index) => key[index] === part);
    expect(startsWith(keys.detail('m1'), keys.all)).toBe(true);
    expect(startsWith(keys.list('q=a'), keys.lists)).toBe(true);
    expect(startsWith(keys.detail('m1'), keys.lists)).toBe(false);
    expect(startsWith(keys.list('q=a'), keys.details)).toBe(false);
  });
});
