import { describe, expect, it } from 'vitest';
import { emailCell, personRows } from './people-rows';

type Person = { uid: string; displayName: string | null; email: string };
const person: Person = { uid: 'u1', displayName: null, email: 'ana@example.org' };

describe('rows of people who sign in', () => {
  it('keys a row by uid, links its record and names it by display name or e-mail', () => {
    const rows = personRows<Person>(
      ({ uid }) => `/users/${uid}`,
      (uid) => ({ queryKey: ['users', uid] }),
    );
    expect(rows.rowKey(person)).toBe('u1');
    expect(rows.rowHref(person)).toBe('/users/u1');
    expect(rows.detailQuery(person).queryKey).toEqual(['users', 'u1']);
    expect(rows.rowLabel(person)).toBe('ana@example.org');
    expect(rows.rowLabel({ ...person, displayName: 'Ana' })).toBe('Ana');
  });

  it('shows the e-mail in the first column, which holds the link', () => {
    const cell = emailCell<Person>();
    expect(cell.isPrimary).toBe(true);
    expect(cell.render(person)).toBe('ana@example.org');
  });
});
