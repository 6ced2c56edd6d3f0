import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BadgeList, fittingBadgeCount } from './badge';

describe('fittingBadgeCount', () => {
  // "Issued", "Overdue", "Partially paid" as Chromium draws them; "+N" is 34 px; gaps of 4 px.
  const widths = [55, 67, 94];
  const fit = (available: number) =>
    fittingBadgeCount({ widths, gap: 4, available, moreWidth: 34 });

  it('shows every badge when all fit', () => {
    expect(fit(224)).toBe(3);
    expect(fit(400)).toBe(3);
  });

  it('shows as many as fit with "+N" after them', () => {
    // The invoices list's status column (12rem, less the cell's padding).
    expect(fit(176)).toBe(2);
    // 55 + 4 + 67 + 4 + 34 = 164: one pixel short, so "Issued" and "+2".
    expect(fit(163)).toBe(1);
  });

  it('always shows the first, the main status, even where nothing fits', () => {
    expect(fit(20)).toBe(1);
    expect(fittingBadgeCount({ widths: [], gap: 4, available: 100, moreWidth: 34 })).toBe(0);
  });
});

describe('BadgeList', () => {
  it('names every badge for screen readers and in its tooltip, the drawn ones hidden from them', () => {
    const html = renderToString(
      <BadgeList
        badges={[
          { label: 'Issued', tone: 'sky' },
          { label: 'Overdue', tone: 'amber' },
        ]}
      />,
    );
    expect(html).toContain('title="Issued, Overdue"');
    expect(html).toContain('<span class="sr-only">Issued, Overdue</span>');
    // Before it is measured every badge is drawn, on one line, and the "+N" is not.
    expect(html.match(/aria-hidden="true"/g)).toHaveLength(3);
    expect(html).not.toContain('flex-wrap');
    expect(html).toMatch(/data-badge-more="" class="[^"]*invisible/);
  });
});
