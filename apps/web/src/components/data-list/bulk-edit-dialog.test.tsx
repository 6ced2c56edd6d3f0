import type { TBulkEditPreview } from '@ops/contract/bulk-edit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BulkEditDialog } from './bulk-edit-dialog';

const members = { one: 'member', many: 'members' };

const preview: TBulkEditPreview = {
  selected: 50,
  changing: 48,
  unchanged: 2,
  notEditable: 0,
  sample: [
    {
      id: 'm1',
      label: 'Acme Logistics (M-001234)',
      before: 'Individual member',
      after: 'Group member',
    },
    {
      id: 'm2',
      label: 'Baltic Freight (M-001235)',
      before: 'Individual member',
      after: 'Group member',
    },
  ],
  previewedAt: '2026-11-24T13:00:00.000Z',
};

/** The dialog's HTML without React's text markers, at the step the props give. */
function render(props: Partial<ComponentProps<typeof BulkEditDialog>> = {}) {
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <BulkEditDialog
        isOpen
        onClose={() => undefined}
        bulkEdit={{ list: 'members', apiPath: '/api/members/bulk', permission: 'members.edit' }}
        target={{ kind: 'ids', ids: ['m1', 'm2'] }}
        selectedCount={50}
        noun={members}
        onDone={() => undefined}
        {...props}
      />
    </QueryClientProvider>,
  ).replaceAll('<!-- -->', '');
}

/** The opening tag of the button that says `text`. */
const buttonTag = (html: string, text: string) =>
  new RegExp(`(<button[^>]*>)${text}</button>`).exec(html)?.[1] ?? '';

const optionsOf = (html: string, selectLabel: string) => {
  const id = new RegExp(`<label for="([^"]+)"[^>]*>${selectLabel}</label>`).exec(html)?.[1];
  const select = new RegExp(`<select id="${id}"[^>]*>(.*?)</select>`).exec(html)?.[1] ?? '';
  return [...select.matchAll(/<option[^>]*>([^<]*)<\/option>/g)].map((match) => match[1]);
};

describe('Edit field', () => {
  it('opens on the choice of a field, offering only the list’s bulk fields, and nothing to confirm yet', () => {
    const html = render();
    expect(html).toContain('Edit field');
    expect(html).toContain('Changes one field of the 50 members selected.');
    expect(optionsOf(html, 'Field')).toEqual([
      'Choose a field…',
      'Category',
      'National association',
      'Preferred language',
      'Billing currency',
      'Directory visibility',
    ]);
    expect(html).toContain('>Preview</button>');
    expect(html).not.toContain('>Confirm</button>');
  });

  it('offers an enumeration’s values in words, and Yes/No for a true/false field', () => {
    const category = render({ initialPreview: { field: 'category', value: undefined, preview } });
    expect(optionsOf(category, 'New category')).toEqual([
      'Choose a value…',
      'Individual member',
      'Association member',
      'Group member',
      'Honorary member',
    ]);
    const visible = render({
      initialPreview: { field: 'directoryVisible', value: undefined, preview },
    });
    expect(optionsOf(visible, 'New directory visibility')).toEqual([
      'Choose a value…',
      'Yes',
      'No',
    ]);
  });

  it('offers "No value" where the field takes none, and the member picker for an association', () => {
    const html = render({
      initialPreview: { field: 'nationalAssociation', value: undefined, preview },
    });
    expect(html).toContain('role="combobox"');
    expect(html).toContain('New national association');
    expect(html).toMatch(/<input[^>]*type="checkbox"[^>]*>.*<label[^>]*>No value<\/label>/);
  });

  it('asks an invoice’s due date as a day, and a reviewer among the operators', () => {
    const invoices = render({
      bulkEdit: { list: 'invoices', apiPath: '/api/invoices/bulk', permission: 'invoices.edit' },
      noun: { one: 'invoice', many: 'invoices' },
      initialPreview: { field: 'dueDate', value: undefined, preview },
    });
    expect(invoices).toMatch(/<input[^>]*type="date"/);
    const applications = render({
      bulkEdit: {
        list: 'applications',
        apiPath: '/api/applications/bulk',
        permission: 'applications.review',
      },
      noun: { one: 'application', many: 'applications' },
      initialPreview: { field: 'reviewer', value: undefined, preview },
    });
    expect(optionsOf(applications, 'New reviewer')).toEqual([
      'Choose a value…',
      'No value',
      'Loading operators…',
    ]);
  });

  it('shows the preview: how many change, the others, and a sample before → after, then Confirm', () => {
    const html = render({ initialPreview: { field: 'category', value: 'group', preview } });
    expect(html).toMatch(/<p role="status"[^>]*>48 members will change<\/p>/);
    expect(html).toContain('2 already have this value.');
    expect(html).toContain('Sample of the change');
    expect(html).toMatch(
      /<td[^>]*>Acme Logistics \(M-001234\)<\/td><td[^>]*>Individual member<\/td><td[^>]*><span aria-hidden="true">→ <\/span>Group member<\/td>/,
    );
    expect(buttonTag(html, 'Confirm')).toContain('type="submit"');
    expect(buttonTag(html, 'Confirm')).not.toContain('aria-disabled="');
  });

  it('offers no Confirm that would change nothing', () => {
    const html = render({
      initialPreview: {
        field: 'category',
        value: 'group',
        preview: { ...preview, changing: 0, unchanged: 50, sample: [] },
      },
    });
    expect(html).toContain('No member would change');
    expect(buttonTag(html, 'Confirm')).toContain('aria-disabled="true"');
  });
});
