import type { TSearchHit } from '@ops/contract';
import { describe, expect, it } from 'vitest';
import { memberLabel, memberOptionsOf } from './member-hits';

const hit = (fields: Partial<TSearchHit>): TSearchHit => ({
  id: 'x',
  _type: 'member',
  description: '',
  _firestore_id: 'mid',
  ...fields,
});

describe('memberOptionsOf', () => {
  it('keeps members only, with their name, number and country', () => {
    const options = memberOptionsOf(
      [
        hit({
          _type: 'invoice',
          name: '2026-000001',
          description: 'Alpine Freight AG',
          _firestore_id: 'i1',
        }),
        hit({
          name: 'Alpine Freight AG',
          description: 'Member M-00012 · Switzerland · active',
          _firestore_id: 'm12',
        }),
        hit({
          name: 'No Country Ltd',
          description: 'Member M-00013 · resigned',
          _firestore_id: 'm13',
        }),
      ],
      10,
    );
    expect(options).toEqual([
      { mid: 'm12', name: 'Alpine Freight AG', number: 'M-00012', country: 'Switzerland' },
      { mid: 'm13', name: 'No Country Ltd', number: 'M-00013', country: null },
    ]);
  });

  it('offers at most `limit` members', () => {
    const hits = Array.from({ length: 5 }, (_, i) =>
      hit({
        name: `Member ${i}`,
        description: `Member M-${i} · Spain · active`,
        _firestore_id: `m${i}`,
      }),
    );
    expect(memberOptionsOf(hits, 3).map((option) => option.mid)).toEqual(['m0', 'm1', 'm2']);
  });

  it('labels a member by name and number', () => {
    expect(memberLabel({ name: 'Alpine Freight AG', number: 'M-00012' })).toBe(
      'Alpine Freight AG (M-00012)',
    );
    expect(memberLabel({ name: 'Alpine Freight AG', number: null })).toBe('Alpine Freight AG');
  });
});
