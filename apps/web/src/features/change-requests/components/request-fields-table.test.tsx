import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { clearedTradeNameRow, pendingRequest } from './change-request-fixtures';
import { AppliedValuesTable, RequestFieldsTable } from './request-fields-table';

/** The table's rows as text, one line per row, without the markers React puts between texts. */
function rowsOf(html: string): string[] {
  const body = /<tbody[^>]*>(.*?)<\/tbody>/s.exec(html.replaceAll('<!-- -->', ''))?.[1] ?? '';
  return [...body.matchAll(/<tr[^>]*>(.*?)<\/tr>/gs)].map(([, row = '']) =>
    row
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

describe('RequestFieldsTable', () => {
  it('shows each field as asked beside its current value, marking in words what changed since', () => {
    const html = renderToString(<RequestFieldsTable request={pendingRequest} />);
    expect(html).toContain('aria-label="Fields asked to change"');
    for (const header of ['Field', 'Member’s value when asked', 'Asked for', 'Current value']) {
      expect(html).toContain(header);
    }
    const rows = rowsOf(html);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('Legal name');
    expect(rows[0]).toContain('Acme Logistics AG');
    expect(rows[0]).not.toContain('Changed since the request');
    expect(rows[1]).toContain('City');
    expect(rows[1]).toContain('Bern');
    expect(rows[1]).toContain('Changed since the request');
  });

  it('drops the marker once decided (an approved value is the current one)', () => {
    const html = renderToString(
      <RequestFieldsTable request={{ ...pendingRequest, status: 'approved' }} />,
    );
    expect(html).not.toContain('Changed since the request');
  });

  it('says an empty value in words', () => {
    const request = {
      ...pendingRequest,
      fields: [clearedTradeNameRow],
    };
    expect(rowsOf(renderToString(<RequestFieldsTable request={request} />))[0]).toContain('Empty');
  });
});

describe('AppliedValuesTable', () => {
  it('shows what staff wrote, marking a value they edited', () => {
    const html = renderToString(
      <AppliedValuesTable
        request={{ ...pendingRequest, status: 'approved' }}
        applied={[
          { field: 'legalName', from: 'Acme AG', to: 'Acme Logistics AG' },
          { field: 'city', from: 'Basel', to: 'Zurich' },
        ]}
      />,
    );
    const rows = rowsOf(html);
    expect(rows[0]).not.toContain('Edited by staff');
    expect(rows[1]).toContain('Zurich');
    expect(rows[1]).toContain('Edited by staff');
  });
});
