import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FieldList } from './field-list';

describe('FieldList', () => {
  it('renders titled groups of label/value pairs, "Not set" for empty values, and copy buttons', () => {
    const html = renderToString(
      <FieldList
        headingLevel={3}
        groups={[
          {
            title: 'Identity',
            fields: [
              { label: 'Membership number', value: 'M-000123', copyValue: 'M-000123' },
              { label: 'Trade name', value: null },
              false,
            ],
          },
        ]}
      />,
    );
    expect(html).toMatch(/<h3[^>]*>Identity<\/h3>/);
    expect(html).toContain('<dt class="text-sm text-slate-500">Membership number</dt>');
    expect(html).toContain('M-000123');
    expect(html).toContain('aria-label="Copy membership number"');
    expect(html).toContain('Not set');
    expect(html.match(/<dt/g)).toHaveLength(2);
  });
});
