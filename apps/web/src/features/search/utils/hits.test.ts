import { describe, expect, it } from 'vitest';
import { getHitHref, getHitLabel, normalizeQuery } from './hits';

describe('getHitHref', () => {
  it.each([
    ['profile', '/users/u%201'],
    ['application', '/applications/u%201'],
    ['member', '/members/u%201'],
    ['invoice', '/invoices/u%201'],
  ] as const)('sends a %s to its detail route, by its record id', (type, href) => {
    expect(getHitHref({ _type: type, _firestore_id: 'u 1' })).toBe(href);
  });
});

describe('getHitLabel', () => {
  it('is the name, or the record id when the hit has none', () => {
    expect(getHitLabel({ name: 'Acme Freight', _firestore_id: 'm1' })).toBe('Acme Freight');
    expect(getHitLabel({ _firestore_id: 'm1' })).toBe('m1');
    expect(getHitLabel({ name: '  ', _firestore_id: 'm1' })).toBe('m1');
  });
});

describe('normalizeQuery', () => {
  it('trims the typed text and cuts it to the longest query the service accepts', () => {
    expect(normalizeQuery('  acme ')).toBe('acme');
    expect(normalizeQuery('   ')).toBe('');
    expect(normalizeQuery('x'.repeat(250))).toHaveLength(200);
  });
});
