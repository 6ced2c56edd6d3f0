import { ZPortalCardPayment, ZPortalInvoiceList, ZPortalInvoiceParams } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { portalMemberRoutes } from '../members';
import { cardPaymentPageOf } from './portal/card-payment';
import { getMemberInvoicePdf, listMemberInvoices } from './portal/member-invoices';

/** The member portal's invoices (issue 35): the signed-in user's member's only. */
export const portalInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = portalMemberRoutes(app, 'invoices');
  const { db } = app.deps;

  route.read({
    url: '/api/invoices',
    summary:
      "The member's invoices, newest first, each with what is still to pay (balanceMinor) and whether it is overdue",
    response: ZPortalInvoiceList,
    handler: async (member) => ({ items: await listMemberInvoices(db, member.mid) }),
  });

  route.pdf({
    url: '/api/invoices/:iid/pdf',
    summary:
      "One of the member's invoices as a PDF (inline; ?download=1 to save it); another member's is a 404",
    params: ZPortalInvoiceParams,
    document: (member, { params: { iid } }) => getMemberInvoicePdf(db, member.mid, iid),
  });

  route.write({
    method: 'POST',
    url: '/api/invoices/:iid/pay',
    summary:
      "The card-payment page of one of the member's open invoices ({url}); the signed webhook books the payment. 409 `status` when nothing is left to pay, `no-card-page` when it is paid by bank transfer",
    params: ZPortalInvoiceParams,
    response: ZPortalCardPayment,
    handler: (member, { params }) => cardPaymentPageOf(db, member.mid, params.iid),
  });
};
