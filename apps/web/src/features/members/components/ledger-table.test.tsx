import type { TLedgerCurrency } from '@ops/contract';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LedgerTable } from './ledger-table';

const ledger: TLedgerCurrency = {
  currency: 'CHF',
  openBalanceMinor: '110000',
  creditMinor: '0',
  balanceMinor: '110000',
  lines: [
    {
      date: '2026-03-10',
      kind: 'invoice',
      description: 'Invoice 2026-000003 · Other invoice 2026',
      documentNumber: '2026-000003',
      link: { type: 'invoice', id: 'inv-c' },
      debitMinor: '127500',
      creditMinor: '0',
      balanceMinor: '127500',
      amountMinor: '127500',
      movementId: null,
    },
    {
      date: '2026-03-10',
      kind: 'credit-applied',
      description: 'CHF 175.00 of the member’s credit applied · invoice 2026-000003',
      documentNumber: '2026-000003',
      link: { type: 'invoice', id: 'inv-c' },
      debitMinor: '0',
      creditMinor: '0',
      balanceMinor: '127500',
      amountMinor: '17500',
      movementId: 'mv-1',
    },
    {
      date: '2026-03-12',
      kind: 'credit-note',
      description: 'Credit note CN-2026-000001 · invoice 2026-000003',
      documentNumber: 'CN-2026-000001',
      link: { type: 'credit-note', id: 'cn-1' },
      debitMinor: '0',
      creditMinor: '17500',
      balanceMinor: '110000',
      amountMinor: '17500',
      movementId: 'mv-2',
    },
  ],
};

function render() {
  return renderToString(
    <MemoryRouter>
      <LedgerTable ledger={ledger} />
    </MemoryRouter>,
  ).replaceAll('<!-- -->', '');
}

describe('LedgerTable', () => {
  it('shows each line with its linked document, debit or credit, and the running balance', () => {
    const html = render();
    expect(html).toContain('aria-label="Ledger in CHF"');
    expect(html).toContain('10 Mar 2026');
    expect(html).toContain('href="/invoices/inv-c"');
    expect(html).toContain('href="/api/credit-notes/cn-1/pdf"');
    expect(html).toContain('CHF\u00a01,275.00');
    expect(html).toContain('CHF\u00a01,100.00');
    // Applied credit moves no balance: a note line with neither debit nor credit.
    expect(html).toMatch(/italic[^>]*>CHF 175\.00 of the member’s credit applied/);
  });
});
