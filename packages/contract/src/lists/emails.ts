import { emailDeliveryModes, emailRelatedTables, emailStates } from '../enumerations';
import { defineList } from '../list-definition';

/** The e-mail log, newest first. Every sort has its index (migration 0020). */
export const emailsList = defineList({
  name: 'emails',
  columns: {
    createdAt: {
      type: 'date',
      sort: true,
      filter: true,
      description: 'A range of days (UTC), e.g. "2026-01-01..2026-01-31"',
      header: 'Created',
    },
    state: {
      type: 'text',
      sort: true,
      filter: true,
      values: emailStates,
      description: 'States, e.g. "ERROR" or "PENDING,RETRY"',
      header: 'State',
    },
    to: { type: 'text', sort: true, header: 'To' },
    subject: { header: 'Subject' },
    kind: {
      type: 'text',
      sort: true,
      filter: true,
      description: 'Kinds, e.g. "invoice-issued,certificate-issued"',
      header: 'Kind',
    },
    relatedTable: {
      type: 'text',
      sort: true,
      filter: true,
      values: emailRelatedTables,
      description: 'Tables of the related record, e.g. "invoices", or "(empty)"',
      header: 'Related table',
    },
    relatedId: { header: 'Related id' },
    relatedLabel: { header: 'Related record' },
    /** The web column showing the related record (the export has its table, id and label). */
    related: {},
    attempts: { type: 'integer', sort: true, header: 'Attempts' },
    lastError: { header: 'Last error' },
    deliveredAt: { header: 'Delivered' },
    deliveryMode: {
      type: 'text',
      sort: true,
      filter: true,
      values: emailDeliveryModes,
      description:
        'How delivered e-mails left, e.g. "log" (written to the server log, not delivered) or "smtp"',
      header: 'Delivery mode',
    },
    updatedAt: { header: 'Updated' },
    eid: {
      type: 'text',
      sort: true,
      filter: true,
      description: 'E-mail ids, e.g. the rows selected on screen: "a1,b2"',
      header: 'Id',
    },
  },
  defaultSort: '-createdAt',
});
