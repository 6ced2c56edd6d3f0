import type { OperatorRole } from '@ops/contract/values';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { OperatorRolesContext } from '@/lib/permissions';
import { ReportsRoute } from './reports';

function renderAs(roles: OperatorRole[]): string {
  return renderToString(
    <MemoryRouter>
      <OperatorRolesContext value={roles}>
        <ReportsRoute />
      </OperatorRolesContext>
    </MemoryRouter>,
  );
}

describe('the reports index', () => {
  it('lists every report by subject, each a link, for an operator with the finance role', () => {
    const html = renderAs(['finance']);
    for (const group of ['Membership', 'Finance', 'Operations'])
      expect(html).toMatch(new RegExp(`<h3[^>]*>${group}</h3>`));
    for (const name of [
      'membership-by-region',
      'growth',
      'revenue',
      'receivables-ageing',
      'email-delivery',
    ])
      expect(html).toContain(`href="/reports/${name}"`);
    expect(html).not.toContain('Needs the finance role');
  });

  it('shows the finance reports without a link to an operator without the finance role', () => {
    const html = renderAs(['membership']);
    expect(html).toContain('href="/reports/growth"');
    for (const name of [
      'revenue',
      'receivables-ageing',
      'receivables-by-member',
      'renewal-progress',
    ])
      expect(html).not.toContain(`href="/reports/${name}"`);
    expect(html.match(/Needs the finance role/g)).toHaveLength(4);
    expect(html).toContain('Receivables ageing');
  });
});
