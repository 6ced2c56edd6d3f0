import type { TAuditHistoryPage } from '@ops/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  RecordHistory,
  auditQueryKeys,
  describeAction,
  describeActor,
  formatAuditValue,
} from './record-history';

const page: TAuditHistoryPage = {
  data: [
    {
      id: '42',
      at: '2026-11-22T10:05:00.000Z',
      actor: { kind: 'operator', uid: 'u-ada', email: 'ada@example.org', displayName: 'Ada' },
      action: 'status',
      reason: 'Company closed',
      changes: [
        { field: 'status', before: 'active', after: 'resigned' },
        { field: 'termination_reason', before: null, after: 'Company closed' },
      ],
    },
  ],
  nextCursor: '42',
};

describe('record history', () => {
  it('says who did what, in words', () => {
    expect(describeAction('update')).toBe('Edited');
    expect(describeAction('set-password')).toBe('Set password');
    expect(describeAction('answer-information')).toBe('Answered');
    expect(
      describeActor({ kind: 'operator', uid: 'u', email: 'a@example.org', displayName: null }),
    ).toBe('a@example.org');
    expect(describeActor({ kind: 'cli', uid: null, email: null, displayName: null })).toBe(
      'Command line',
    );
  });

  it('formats values: none, booleans, lists, objects', () => {
    expect(formatAuditValue(null)).toBeNull();
    expect(formatAuditValue('')).toBeNull();
    expect(formatAuditValue(true)).toBe('Yes');
    expect(formatAuditValue(['password', 'microsoft'])).toBe('password, microsoft');
    expect(formatAuditValue({ a: 1 })).toBe('{"a":1}');
    // Dates read as on every screen (issue 14: one date format), not as ISO.
    expect(formatAuditValue('2026-01-31')).toBe('31 Jan 2026');
  });

  it('lists entries with reason and before → after, and offers older ones', () => {
    const client = new QueryClient();
    client.setQueryData(auditQueryKeys.record('members', 'm1'), {
      pages: [page],
      pageParams: [null],
    });
    const html = renderToString(
      <QueryClientProvider client={client}>
        <RecordHistory
          table="members"
          id="m1"
          fieldLabels={{ status: 'Status' }}
          valueLabels={{ status: { active: 'Active', resigned: 'Resigned' } }}
        />
      </QueryClientProvider>,
    );
    expect(html).toContain('Status changed');
    expect(html).toContain('Ada (ada@example.org)');
    expect(html).toContain('Company closed');
    expect(html).toMatch(
      /<th scope="row"[^>]*>Status<\/th><td[^>]*>.*Active.*<\/td><td[^>]*>.*Resigned/,
    );
    expect(html).toContain('Termination reason');
    expect(html).toContain('empty');
    expect(html).toContain('Load older changes');
  });
});
