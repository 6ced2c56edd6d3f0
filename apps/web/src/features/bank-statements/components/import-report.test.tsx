import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { BankImportItem } from './import-queue';
import { ImportReport } from './import-report';

function render(items: BankImportItem[]): string {
  const router = createMemoryRouter([{ path: '/', element: <ImportReport items={items} /> }]);
  // Without React's text separators, so sentences read as on screen.
  return renderToString(<RouterProvider router={router} />).replaceAll('<!-- -->', '');
}

const imported: BankImportItem = {
  key: 1,
  file: new File(['<Document/>'], 'camt054.xml'),
  state: 'imported',
  sent: 11,
  reason: null,
  report: {
    fileName: 'camt054.xml',
    statements: [
      {
        bsid: 'bs1',
        bankAccountId: 'ba1',
        accountLabel: 'PostFinance CHF',
        iban: 'CH4431999123000889012',
        kind: 'camt.054',
        version: '001.08',
        statementId: 'NTF-2026-03-02',
        fromDate: '2026-03-02',
        toDate: '2026-03-02',
        entries: 12,
        isDuplicate: false,
      },
    ],
    counts: {
      entries: 12,
      credits: 11,
      debits: 1,
      paid: 5,
      partial: 1,
      overpaid: 1,
      suggested: 1,
      unmatched: 2,
      duplicates: 1,
    },
    byRule: { 'qr-reference': 6, 'creditor-reference': 0, 'invoice-number': 1 },
    bookedTotals: [{ currency: 'CHF', amountMinor: '123450' }],
    message: '12 entries: 7 booked, 1 suggested, 2 unmatched, 1 duplicate, 1 debit.',
  },
};

const refused: BankImportItem = {
  key: 2,
  file: new File(['x'], 'foreign.xml'),
  state: 'refused',
  sent: 1,
  reason:
    'The file is for the account DE89370400440532013000, which is not one of our bank accounts.',
  report: null,
};

describe('ImportReport', () => {
  it('shows each file with its statements and counts, a refused file with its reason, and the totals', () => {
    const html = render([imported, refused]);
    expect(html).toContain('aria-label="Import report"');
    expect(html).toMatch(/<a[^>]*href="\/bank-statements\/bs1"[^>]*>camt.054 NTF-2026-03-02<\/a>/);
    expect(html).toContain('12 entries: 7 booked');
    expect(html).toContain('aria-label="Counts of camt054.xml"');
    expect(html).toContain('which is not one of our bank accounts');
    expect(html).toContain(
      'Total: 1 file imported, 1 refused, 1 statement, booked CHF\u00a01,234.50',
    );
    // 1 suggested + 2 unmatched wait in the queue.
    expect(html).toContain('3 payments wait for you');
    expect(html).toMatch(/href="\/bank-statements\/unmatched"/);
  });
});
