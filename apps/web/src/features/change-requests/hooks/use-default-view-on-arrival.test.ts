import { describe, expect, it } from 'vitest';
import { opensDefaultView } from './use-default-view-on-arrival';

const pending = '/change-requests?status=pending';

describe('opensDefaultView', () => {
  it('opens the pending requests on arriving at the bare queue', () => {
    expect(
      opensDefaultView({ pathname: '/change-requests', search: '', key: 'a' }, 'a', pending),
    ).toBe(true);
  });

  it('keeps a view the address names (the start page opens the close-account requests)', () => {
    const where = { pathname: '/change-requests', search: '?kind=close-account', key: 'a' };
    expect(opensDefaultView(where, 'a', pending)).toBe(false);
  });

  it('keeps the bare queue reached from inside it (filters cleared, a request closed)', () => {
    expect(
      opensDefaultView({ pathname: '/change-requests', search: '', key: 'b' }, 'a', pending),
    ).toBe(false);
  });

  it('keeps a request opened by its own address', () => {
    const where = { pathname: '/change-requests/cr-1', search: '', key: 'a' };
    expect(opensDefaultView(where, 'a', pending)).toBe(false);
  });
});
