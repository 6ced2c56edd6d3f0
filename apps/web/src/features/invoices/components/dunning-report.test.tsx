import type { TDunningReport } from '@ops/contract';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { currencyTotalsText, DunningReport } from './dunning-report';

const preview: TDunningReport = {
  asOf: '2026-03-15',
  dryRun: true,
  runId: null,
  levels: [
    {
      level: 1,
      name: 'Reminder 1',
      invoices: 2,
      totals: [
        { currency: 'CHF', amountMinor: '125050' },
        { currency: 'EUR', amountMinor: '30000' },
      ],
    },
    {
      level: 2,
      name: 'Reminder 2',
      invoices: 1,
      totals: [{ currency: 'CHF', amountMinor: '9000' }],
    },
    { level: 3, name: 'Final notice', invoices: 0, totals: [] },
    { level: 4, name: 'Suspension', invoices: 0, totals: [] },
  ],
  totals: [
    { currency: 'CHF', amountMinor: '134050' },
    { currency: 'EUR', amountMinor: '30000' },
  ],
  skipped: [
    { reason: 'honorary', invoices: 0 },
    { reason: 'exempt', invoices: 3 },
    { reason: 'below-minimum', invoices: 1 },
  ],
  postal: 1,
  suspended: 0,
  emailsQueued: 0,
  items: [
    {
      invoiceId: 'inv-2',
      invoiceNumber: '2026-000002',
      memberMid: 'mem-b',
      memberName: 'Transports Dupont SA',
      level: 2,
      levelName: 'Reminder 2',
      balanceMinor: '9000',
      currency: 'CHF',
      daysOverdue: 41,
      channel: 'postal',
    },
    {
      invoiceId: 'inv-1',
      invoiceNumber: '2026-000001',
      memberMid: 'mem-a',
      memberName: 'Müller Spedition GmbH',
      level: 1,
      levelName: 'Reminder 1',
      balanceMinor: '30000',
      currency: 'EUR',
      daysOverdue: 12,
      channel: 'email',
    },
  ],
  itemsTotal: 3,
};

/** The report's HTML without React's text markers, and its text without tags (money keeps its no-break space). */
function render(report: TDunningReport) {
  const html = renderToString(
    <MemoryRouter>
      <DunningReport report={report} />
    </MemoryRouter>,
  ).replaceAll('<!-- -->', '');
  return { html, text: html.replace(/<[^>]+>/g, ' ').replace(/[ \n\t]+/g, ' ') };
}

describe('DunningReport', () => {
  it('shows each level with its invoices and open balances per currency, and the total', () => {
    const { text } = render(preview);
    expect(text).toContain('Due on 15 Mar 2026');
    expect(text).toContain('1 · Reminder 1 2 CHF\u00a01,250.50 · EUR\u00a0300.00');
    expect(text).toContain('2 · Reminder 2 1 CHF\u00a090.00');
    // A level nothing is due for says so rather than showing empty totals.
    expect(text).toContain('3 · Final notice 0 —');
    expect(text).toContain('Total 3 CHF\u00a01,340.50 · EUR\u00a0300.00');
  });

  it('names the reasons invoices are skipped, leaving out those that skipped none', () => {
    const { html, text } = render(preview);
    expect(text).toContain('Exempt until a date (payment plan): 3 invoices');
    expect(text).toContain('Balance under the minimum: 1 invoice');
    expect(html).not.toContain('Honorary member');
  });

  it('counts the postal reminders and says how many rows of how many are listed', () => {
    const { text } = render(preview);
    expect(text).toContain('Postal reminders 1 invoice (no e-mail address');
    expect(text).toContain('The first 2 of 3 invoices.');
    // A preview queues nothing, so it says nothing about e-mails queued.
    expect(text).not.toContain('E-mails queued');
  });

  it("leads a run's postal reminders to the invoices that need a letter and to their letters (issue 32)", () => {
    const run: TDunningReport = { ...preview, dryRun: false, runId: 'run-1' };
    const html = renderToString(
      <MemoryRouter>
        <DunningReport report={run} onPrintLetters={() => undefined} />
      </MemoryRouter>,
    ).replaceAll('<!-- -->', '');
    expect(html).toMatch(
      /<a [^>]*href="\/invoices\?needsLetter=true"[^>]*>Invoices that need a letter<\/a>/,
    );
    expect(html).toMatch(/<button [^>]*>Print the letters…<\/button>/);
    // A preview recorded nothing yet: it says the run will, and links nowhere.
    const { html: previewHtml, text } = render(preview);
    expect(text).toContain('the run records them for a letter to print and post');
    expect(previewHtml).not.toContain('needsLetter');
  });

  it('lists the first invoices as links to the invoice and the member, with the channel', () => {
    const { html, text } = render(preview);
    expect(html).toMatch(/<a [^>]*href="\/invoices\/inv-2"[^>]*>2026-000002<\/a>/);
    expect(html).toMatch(/<a [^>]*href="\/members\/mem-a"[^>]*>Müller Spedition GmbH<\/a>/);
    expect(text).toContain('2026-000002 Transports Dupont SA Reminder 2 41 CHF\u00a090.00 Postal');
    expect(text).toContain(
      '2026-000001 Müller Spedition GmbH Reminder 1 12 EUR\u00a0300.00 E-mail',
    );
  });

  it('reports a run: e-mails queued and members suspended; an empty run says nothing was sent', () => {
    const report: TDunningReport = {
      ...preview,
      dryRun: false,
      runId: 'run-1',
      emailsQueued: 2,
      suspended: 0,
    };
    expect(render(report).text).toContain('Sent for 15 Mar 2026');
    expect(render(report).text).toContain('E-mails queued 2');
    expect(render(report).text).toContain('Members suspended 0');
    const empty: TDunningReport = {
      ...report,
      levels: report.levels.map((level) => ({ ...level, invoices: 0, totals: [] })),
      totals: [],
      skipped: [],
      postal: 0,
      emailsQueued: 0,
      items: [],
      itemsTotal: 0,
    };
    const { html, text } = render(empty);
    expect(text).toContain('nothing was sent');
    expect(text).toContain('Skipped None');
    expect(html).not.toContain('Invoices chased');
  });
});

describe('currencyTotalsText', () => {
  it('joins the currencies and leaves out zero amounts', () => {
    expect(
      currencyTotalsText([
        { currency: 'USD', amountMinor: '0' },
        { currency: 'CHF', amountMinor: '100' },
      ]),
    ).toBe('CHF\u00a01.00');
    expect(currencyTotalsText([])).toBe('—');
  });
});
