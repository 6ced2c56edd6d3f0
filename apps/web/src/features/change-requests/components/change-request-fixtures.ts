import type { TChangeRequestDetail } from '@ops/contract';

type FieldRow = TChangeRequestDetail['fields'][number];

/** The legal name the member asked to change, unchanged on the member since. */
export const legalNameRow: FieldRow = {
  field: 'legalName',
  label: 'Legal name',
  from: 'Acme AG',
  to: 'Acme Logistics AG',
  current: 'Acme AG',
  changedSince: false,
};

/** A field the member asked to empty: the trade name. */
export const clearedTradeNameRow: FieldRow = {
  field: 'tradeName',
  label: 'Trade name',
  from: 'Acme',
  to: null,
  current: 'Acme',
  changedSince: false,
};

/** A pending company-data request of two fields, the city changed on the member since. */
export const pendingRequest: TChangeRequestDetail = {
  id: 'cr-1',
  kind: 'company-data',
  status: 'pending',
  requestedAt: '2026-11-20T09:30:00.000Z',
  requestedBy: 'owner@acme.example',
  changes: [
    { field: 'legalName', from: 'Acme AG', to: 'Acme Logistics AG' },
    { field: 'city', from: 'Basel', to: 'Zürich' },
  ],
  note: 'We moved; the registry extract is attached.',
  document: { fileName: 'extract.pdf', contentType: 'application/pdf', sizeBytes: 48_200 },
  decidedAt: null,
  decisionReason: null,
  applied: null,
  memberMid: 'm-1',
  memberNumber: 'M-0042',
  memberName: 'Acme AG',
  memberStatus: 'active',
  memberVersion: 7,
  requestedAtVersion: 6,
  fields: [
    legalNameRow,
    {
      field: 'city',
      label: 'City',
      from: 'Basel',
      to: 'Zürich',
      current: 'Bern',
      changedSince: true,
    },
  ],
  decidedBy: null,
  version: 3,
};
