import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DetailTabs } from './detail-tabs';

const tabs = [
  { id: 'overview', label: 'Overview', content: <p>the overview</p> },
  { id: 'edit', label: 'Edit', content: <p>the form</p>, isHidden: false },
  { id: 'history', label: 'History', content: <p>the history</p> },
];

function render(url: string, shown = tabs) {
  return renderToString(
    <MemoryRouter initialEntries={[url]}>
      <DetailTabs label="Member" tabs={shown} />
    </MemoryRouter>,
  );
}

describe('DetailTabs', () => {
  it('opens the tab the URL names, as ARIA tabs with one tab stop', () => {
    const html = render('/members/m1?q=zurich&tab=history');
    expect(html).toContain('role="tablist" aria-label="Member"');
    expect(html).toMatch(/aria-selected="true"[^>]*tabindex="0"[^>]*>History</);
    expect(html.match(/tabindex="-1"/g)).toHaveLength(2);
    expect(html).toContain('role="tabpanel"');
    expect(html).toContain('the history');
    expect(html).not.toContain('the overview');
  });

  it('opens the first tab without or with an unknown or hidden tab in the URL', () => {
    expect(render('/members/m1')).toContain('the overview');
    expect(render('/members/m1?tab=nonsense')).toContain('the overview');
    const withoutEdit = tabs.map((tab) => (tab.id === 'edit' ? { ...tab, isHidden: true } : tab));
    const html = render('/members/m1?tab=edit', withoutEdit);
    expect(html).toContain('the overview');
    expect(html).not.toContain('>Edit<');
  });
});
