import { describe, expect, it } from 'vitest';
import { summarizeChanges } from './change-summary';
import { recordHref } from './record-href';

describe('the activity log cells', () => {
  it('sums the changes up in one line, codes in words, long values cut', () => {
    expect(
      summarizeChanges('members', [
        { field: 'legal_name', before: 'Acme', after: 'Acme Logistics' },
        { field: 'status', before: 'active', after: 'suspended' },
        { field: 'website', before: null, after: `https://example.org/${'x'.repeat(80)}` },
      ]),
    ).toBe(
      `Legal name: Acme → Acme Logistics; Status: Active → Suspended; Website: empty → https://example.org/${'x'.repeat(39)}…`,
    );
  });

  it('links a record to its History tab, its settings screen, or its own activity', () => {
    const href = (recordType: string, id: string, label: string | null = 'x') =>
      recordHref({ recordType, record: { id, label } });
    expect(href('members', 'm1')).toBe('/members/m1?tab=history');
    expect(href('countries', 'CH')).toBe('/countries/CH?tab=history');
    expect(href('job_runs', 'r1', null)).toBe('/settings/jobs');
    // A note's entry opens the Notes tab of the record it is on (issue 19).
    expect(
      recordHref({
        recordType: 'notes',
        record: { id: 'n1', label: 'Note on M-1 Acme', on: { table: 'invoices', id: 'i1' } },
      }),
    ).toBe('/invoices/i1?tab=notes');
    // No screen of its own, or gone: the log of that record.
    expect(href('credit_notes', 'cn1')).toBe('/activity?recordType=credit_notes&record=cn1');
    expect(href('members', 'demo-data-set', null)).toBe(
      '/activity?recordType=members&record=demo-data-set',
    );
  });
});
