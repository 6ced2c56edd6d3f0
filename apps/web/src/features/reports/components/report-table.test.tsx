import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { reportFixture } from '@/lib/testing/report-fixture';
import { ageingFixture } from '../utils/report-fixtures';
import { ReportTable } from './report-table';

const render = (report: Parameters<typeof ReportTable>[0]['report']) =>
  renderToString(
    <MemoryRouter>
      <ReportTable report={report} />
    </MemoryRouter>,
  );

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/\s+/g, ' ');

describe('ReportTable', () => {
  it('shows money in its currency, buckets in words, and the totals per currency and in CHF', () => {
    const html = render(ageingFixture);
    expect(text(html)).toContain('CHF 31–60 days 2 CHF 200.00 CHF 200.00');
    expect(text(html)).toContain('EUR 31–60 days 1 EUR 50.00 CHF 47.00 Nov 2026');
    expect(text(html)).toContain('Total CHF 7 CHF 675.50 CHF 675.50');
    expect(text(html)).toContain('Total EUR 2 EUR 150.00 CHF 141.00');
    expect(text(html)).toContain('Total in CHF CHF 816.50');
  });

  it('links each figure with records behind it to their list, never a zero', () => {
    const html = render(ageingFixture);
    expect(html).toContain(
      'href="/invoices?status=issued&amp;currency=EUR&amp;dueDate=2026-09-25..2026-10-24&amp;region=europe&amp;memberCategory=individual"',
    );
    // CHF 61–90 days holds nothing: plain text.
    expect(html).not.toContain('dueDate=2026-08-26..2026-09-24&amp;region=europe');
  });

  it('hides the ids a link leads to, and says when there are no figures', () => {
    const report = reportFixture('receivables-by-member', {
      columns: [
        { key: 'memberName', label: 'Member', type: 'text' },
        { key: 'mid', label: 'Member id', type: 'text' },
      ],
      rows: [{ memberName: 'Acme', mid: 'm-1' }],
    });
    const html = render(report);
    expect(html).not.toContain('Member id');
    expect(html).toContain('href="/members/m-1?tab=ledger"');
    expect(render({ ...report, rows: [] })).toContain('No figures for these filters.');
  });
});
