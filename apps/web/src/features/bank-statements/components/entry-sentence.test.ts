import { describe, expect, it } from 'vitest';
import { sentenceOf } from './entry-actions';

describe("a booking's confirmation", () => {
  it('says what it did to the member in a sentence of its own, not run on (issue 32)', () => {
    expect(
      sentenceOf({
        message: 'Booked CHF 950.00 to invoice 2026-000148',
        memberEffects: [
          'M-000148 is now active (was overdue)',
          'M-000148 is paid through 2026',
          'membership certificate 2026 issued.',
        ],
      }),
    ).toBe(
      'Booked CHF 950.00 to invoice 2026-000148. For the member: M-000148 is now active (was overdue); M-000148 is paid through 2026; membership certificate 2026 issued.',
    );
    expect(sentenceOf({ message: 'Set aside.', memberEffects: [] })).toBe('Set aside.');
  });
});
