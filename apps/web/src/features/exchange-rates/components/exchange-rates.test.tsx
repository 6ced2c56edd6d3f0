import type { TExchangeRate } from '@ops/contract/exchange-rates';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@ops/ui/api-client';
import { ImportOutcome } from './import-rates';
import { RatesTable } from './rates-table';

const rates: TExchangeRate[] = [
  {
    currency: 'EUR',
    month: '2026-05',
    rate: '0.9412',
    source: 'csv',
    version: 2,
    updatedAt: '2026-05-04T08:00:00.000Z',
    updatedBy: 'ann@example.org',
  },
  {
    currency: 'USD',
    month: '2026-04',
    rate: '0.88',
    source: 'entered',
    version: 1,
    updatedAt: '2026-04-01T08:00:00.000Z',
    updatedBy: null,
  },
];

// Without React's text separators, so sentences read as on screen.
const html = (element: React.ReactElement) => renderToString(element).replaceAll('<!-- -->', '');
const noop = () => undefined;

describe('RatesTable', () => {
  it('shows one row per currency and month in the given order, with month, rate and source', () => {
    const table = html(<RatesTable rates={rates} canEdit={false} onEdit={noop} onDelete={noop} />);
    expect(table).toContain('aria-label="Exchange rates, newest month first"');
    const rows = [...table.matchAll(/<tr[^>]*>(.*?)<\/tr>/gs)].map(([, row = '']) =>
      row
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    );
    expect(rows[1]).toMatch(/^May 2026 EUR 0\.9412 CSV import .* by ann@example\.org$/);
    expect(rows[2]).toMatch(/^Apr 2026 USD 0\.88 Entered /);
  });

  it('hides Edit and Delete from operators who may not change rates', () => {
    const readOnly = html(
      <RatesTable rates={rates} canEdit={false} onEdit={noop} onDelete={noop} />,
    );
    expect(readOnly).not.toContain('Edit');
    expect(readOnly).not.toContain('Delete');
    const editor = html(<RatesTable rates={rates} canEdit onEdit={noop} onDelete={noop} />);
    expect(editor).toContain('aria-label="Edit EUR May 2026"');
    expect(editor).toContain('aria-label="Delete USD Apr 2026"');
  });

  it('says so when there is no rate yet', () => {
    expect(html(<RatesTable rates={[]} canEdit onEdit={noop} onDelete={noop} />)).toContain(
      'No exchange rates yet',
    );
  });
});

describe('ImportOutcome', () => {
  it('shows the counts of an import', () => {
    const text = html(
      <ImportOutcome
        fileName="rates.csv"
        result={{ inserted: 2, updated: 1, unchanged: 3, rows: [] }}
        error={null}
      />,
    );
    expect(text).toContain('role="status"');
    expect(text).toContain('rates.csv: 2 new, 1 changed, 3 unchanged.');
  });

  it('lists every refused line with its reason, and says nothing was imported', () => {
    const error = new ApiError('invalid-argument', 'Nothing was imported: …', 400, [
      {
        path: 'body.line.3.currency',
        rule: 'currency',
        message: 'Line 3: CHF is the base currency: its rate is always 1',
      },
      {
        path: 'body.line.5.rate',
        rule: 'decimals',
        message: 'Line 5: "0.1234567" has more than 6 decimals',
      },
    ]);
    const text = html(<ImportOutcome fileName="rates.csv" result={undefined} error={error} />);
    expect(text).toContain('role="alert"');
    expect(text).toContain('rates.csv: Nothing was imported.');
    expect(text).toContain('<li>Line 3: CHF is the base currency: its rate is always 1</li>');
    expect(text).toContain('<li>Line 5: &quot;0.1234567&quot; has more than 6 decimals</li>');
  });

  it('shows a refusal of the whole file (its header) as its message', () => {
    const error = new ApiError(
      'invalid-argument',
      'The header must name the columns currency, month and rate (found: currency, day, rate).',
      400,
      [{ path: 'body.header', rule: 'mapping', message: 'The header must name …' }],
    );
    expect(html(<ImportOutcome fileName="x.csv" result={undefined} error={error} />)).toContain(
      'x.csv: The header must name the columns currency, month and rate (found: currency, day, rate).',
    );
  });
});
