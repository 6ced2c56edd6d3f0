import { ZInvoiceUpload, ZInvoiceUploadQuery, ZInvoiceUploadValidateBody } from '@ops/contract';
import { uploadRoutes } from '../uploads';
import { invoiceUploadKind } from './upload-service';

/**
 * Invoice CSV upload (`/invoices/upload`): the shared import routes (send the file, map and
 * validate, list the invalid rows, commit, download the rejected rows) over the invoice kind.
 * Writes need `invoices.edit`.
 */
export const invoiceUploadRoutes = uploadRoutes({
  kind: invoiceUploadKind,
  basePath: '/api/invoices/uploads',
  tag: 'invoices',
  plural: 'invoices',
  permission: 'invoices.edit',
  schemas: {
    upload: ZInvoiceUpload,
    fileQuery: ZInvoiceUploadQuery,
    validateBody: ZInvoiceUploadValidateBody,
  },
});
