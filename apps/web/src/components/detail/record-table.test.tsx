import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RecordTable, type RecordTableColumn } from './record-table';

type Line = { what: string; debit: string | null; balance: string };

const columns: RecordTableColumn<Line>[] = [
  { id: 'what', label: 'What', isKey: true, render: (line) => line.what },
  { id: 'debit', label: 'Debit', isNumeric: true, render: (line) => line.debit },
  { id: 'balance', label: 'Balance', isNumeric: true, render: (line) => line.balance },
  { id: 'actions', label: 'Actions', isLabelHidden: true, render: () => <button>Reverse</button> },
];

function render() {
  return renderToString(
    <RecordTable
      label="Ledger in CHF"
      columns={columns}
      rows={[
        { what: 'Invoice 2026-0001', debit: 'CHF 950.00', balance: 'CHF 950.00' },
        { what: 'Payment', debit: null, balance: 'CHF 0.00' },
      ]}
      rowKey={(line) => line.what}
      stackBelow="2xl"
      totals={[{ label: 'Total', value: 'CHF 0.00', isStrong: true, testId: 'total' }]}
    />,
  );
}

describe('RecordTable', () => {
  it('is a named table in a box that stacks its rows below the width it is given', () => {
    const html = render();
    expect(html).toMatch(/data-stack-below="2xl" class="@container\/record-table/);
    expect(html).toContain('aria-label="Ledger in CHF"');
    // The header stays for screen readers when the rows stack; the buttons' column is unnamed.
    expect(html).toMatch(/<thead class="stacked:sr-only">/);
    expect(html.match(/role="columnheader"/g)).toHaveLength(4);
    expect(html).toContain('<span class="sr-only">Actions</span>');
  });

  it('labels each value for a stacked row, hidden from screen readers, and leaves out empty ones', () => {
    const html = render();
    expect(html.match(/aria-hidden="true"[^>]*>Debit</g)).toHaveLength(2);
    expect(html.match(/aria-hidden="true"[^>]*>Balance</g)).toHaveLength(2);
    // The key column is the stacked row's first line, without a label.
    expect(html).not.toMatch(/aria-hidden="true"[^>]*>What</);
    expect(html).toMatch(/class="[^"]*stacked:order-first[^"]*">Invoice 2026-0001</);
    // The payment has no debit: its cell is left out of the stacked row.
    expect(html.match(/stacked:hidden/g)).toHaveLength(1);
  });

  it('puts the totals under the last column', () => {
    const html = render();
    expect(html).toMatch(/<td role="cell" colSpan="3"[^>]*>Total<\/td>/);
    expect(html).toMatch(/data-testid="total"[^>]*>CHF 0.00</);
  });
});
