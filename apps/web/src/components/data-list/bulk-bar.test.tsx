import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OperatorRolesContext, type OperatorRole } from '@/lib/permissions';
import { BulkBar } from './bulk-bar';
import type { Selection } from './list-state';

const operators = { one: 'operator', many: 'operators' };

/** The selection bar's text as a person reads it (tags removed, React's comment markers too). */
function barText(options: { selection: Selection; total: number; isExact: boolean }): string {
  const html = renderToString(
    <BulkBar
      selection={options.selection}
      noun={operators}
      loadedCount={2}
      estimatedTotal={options.total}
      totalIsExact={options.isExact}
      hasMoreRows
      actions={[]}
      queryParams=""
      onSelectAll={() => undefined}
      onClear={() => undefined}
      onDone={() => undefined}
    />,
  );
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('the selection of every matching row', () => {
  it('says the counted number as it is', () => {
    expect(barText({ selection: { kind: 'all' }, total: 8, isExact: true })).toContain(
      'All 8 matching operators selected',
    );
  });

  it('says "about" when the number is an estimate', () => {
    expect(barText({ selection: { kind: 'all' }, total: 120_000, isExact: false })).toContain(
      'All about 120,000 matching operators selected',
    );
  });

  it('offers every matching row with the same wording', () => {
    const wholePage: Selection = { kind: 'ids', ids: ['a', 'b'] };
    expect(barText({ selection: wholePage, total: 8, isExact: true })).toContain(
      'Select all 8 matching',
    );
    expect(barText({ selection: wholePage, total: 8, isExact: true })).not.toContain('about');
    expect(barText({ selection: wholePage, total: 120_000, isExact: false })).toContain(
      'Select all about 120,000 matching',
    );
  });
});

describe('Edit field in the selection bar (issue 19)', () => {
  /** The bar's HTML with two members selected, for an operator of these roles. */
  function barOf(roles: OperatorRole[]) {
    return renderToString(
      <QueryClientProvider client={new QueryClient()}>
        <OperatorRolesContext value={roles}>
          <BulkBar
            selection={{ kind: 'ids', ids: ['m1', 'm2'] }}
            noun={{ one: 'member', many: 'members' }}
            loadedCount={50}
            estimatedTotal={120}
            totalIsExact
            hasMoreRows
            actions={[]}
            bulkEdit={{ list: 'members', apiPath: '/api/members/bulk', permission: 'members.edit' }}
            undoPath="/api/members/bulk/undo"
            queryParams=""
            onSelectAll={() => undefined}
            onClear={() => undefined}
            onDone={() => undefined}
          />
        </OperatorRolesContext>
      </QueryClientProvider>,
    );
  }

  it('is offered to the roles that may edit, and hidden from the others', () => {
    expect(barOf(['membership'])).toMatch(/<button[^>]*>Edit field<\/button>/);
    expect(barOf(['read-only'])).not.toContain('Edit field');
  });
});
