import type { emailsList, TEmailListItem } from '@ops/contract';
import type { DataListScreenDefinition } from '@/components/data-list';
import { exportSelectedAction } from '@/components/data-list/export-selected-action';
import { paths } from '@/config/paths';
import { emailKindLabel } from '@/lib/labels';
import { retryEmails } from '../api/retry-emails';
import {
  emailDeliveryModeOptions,
  emailKindOptions,
  emailStateOptions,
  relatedTableLabels,
  relatedTableOptions,
} from './labels';
import { EmailStateBadge } from './state-badge';
import { emailQueryOptions } from '../api/get-email';
import { dateTimeCell } from '@/components/data-list/date-cells';

const exportPath = '/api/emails/export';
const noun = { one: 'e-mail', many: 'e-mails' };

/** The e-mail log: its columns, filters and bulk actions, for the list kit. */
export const emailsListDefinition: DataListScreenDefinition<TEmailListItem, typeof emailsList> = {
  name: 'emails',
  noun,
  screen: {
    title: 'E-mails',
    description:
      'E-mails the console sends and their delivery: pending, processing, sent, failed, retry.',
  },
  apiPath: '/api/emails',
  exportPath,
  liveTables: ['emails'],
  rowKey: (email) => email.eid,
  rowHref: (email) => paths.email.getHref({ eid: email.eid }),
  // Fetched ahead for the open record's neighbours (`[`/`]`, issue 19).
  detailQuery: (email) => emailQueryOptions(email.eid),
  rowLabel: (email) => email.subject,
  defaultSort: '-createdAt',
  searchLabel: 'Search e-mails',
  searchPlaceholder: 'Recipient address or words of the subject',
  emptyMessage: 'No e-mail has been sent yet.',
  columns: [
    {
      id: 'createdAt',
      label: 'Created',
      sortable: true,
      ...dateTimeCell((email) => email.createdAt),
    },
    {
      id: 'state',
      label: 'State',
      width: '9.5rem',
      sortable: true,
      render: (email) => <EmailStateBadge state={email.state} deliveryMode={email.deliveryMode} />,
    },
    {
      id: 'to',
      label: 'To',
      width: 'minmax(9rem,1.5fr)',
      sortable: true,
      render: (email) =>
        email.to.length > 1 ? `${email.to[0] ?? ''} +${email.to.length - 1}` : (email.to[0] ?? ''),
    },
    {
      id: 'subject',
      label: 'Subject',
      width: 'minmax(12rem,3fr)',
      isPrimary: true,
      render: (email) => email.subject,
    },
    {
      id: 'kind',
      label: 'Kind',
      width: '10rem',
      // Issue 19: chosen from Columns; hidden by default so that the defaults fit 1440 px.
      isHiddenByDefault: true,
      render: (email) => emailKindLabel(email.kind),
    },
    {
      id: 'related',
      label: 'Related record',
      width: 'minmax(8rem,1fr)',
      // Issue 19: chosen from Columns; hidden by default so that the defaults fit 1440 px.
      isHiddenByDefault: true,
      render: (email) =>
        email.related
          ? `${relatedTableLabels[email.related.table] ?? email.related.table} ${email.related.label ?? email.related.id}`
          : '',
    },
    {
      id: 'attempts',
      label: 'Attempts',
      width: '7rem',
      sortable: true,
      isNumeric: true,
      render: (email) => email.attempts,
    },
    {
      id: 'lastError',
      label: 'Last error',
      width: 'minmax(8rem,1fr)',
      render: (email) => (
        <span className="text-red-900" title={email.lastError ?? undefined}>
          {email.lastError ?? ''}
        </span>
      ),
    },
    {
      id: 'updatedAt',
      label: 'Updated',
      isHiddenByDefault: true,
      ...dateTimeCell((email) => email.updatedAt),
    },
  ],
  filters: [
    { name: 'state', label: 'State', kind: 'one-of', options: emailStateOptions },
    {
      name: 'deliveryMode',
      label: 'Delivery',
      kind: 'one-of',
      options: emailDeliveryModeOptions,
      allowsEmpty: true,
    },
    { name: 'kind', label: 'Kind', kind: 'one-of', options: emailKindOptions },
    { name: 'createdAt', label: 'Created', kind: 'range', input: 'date' },
    {
      name: 'relatedTable',
      label: 'Related to',
      kind: 'one-of',
      options: relatedTableOptions,
      allowsEmpty: true,
    },
  ],
  bulkActions: [
    {
      id: 'retry',
      label: 'Retry failed',
      permission: 'emails.retry',
      confirm:
        'Send the failed e-mails of the selection again? Each gets a fresh set of delivery attempts; the others are left as they are.',
      run: async (selection) => {
        const result = await retryEmails(selection);
        const skipped = result.skipped
          ? ` ${result.skipped} had not failed and were left as they are.`
          : '';
        return {
          message: `${result.retried} failed ${result.retried === 1 ? 'e-mail' : 'e-mails'} sent back to the outbox.${skipped}`,
          undo: result.undo,
        };
      },
    },
    exportSelectedAction({
      exportPath,
      noun,
      selectedParams: (ids) => `eid=${ids.map(encodeURIComponent).join(',')}`,
    }),
  ],
  // Issue 19: a retry can be undone for a few seconds.
  bulkUndoPath: '/api/emails/bulk/undo',
};
