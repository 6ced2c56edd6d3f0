import { ZDataExport, ZDataExportParams, ZDataExportState } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keepsCompanyData, requireCompanyKeeper } from '../change-requests';
import { memberUserActor, portalMemberRoutes } from '../members';
import { downloadDataExport, latestDataExport } from './read-export';
import { requestDataExport } from './request-export';

/**
 * "Download our data" in the member portal (issue 35). Owners and admins ask for it (like the
 * company data, it is theirs to manage); every colleague sees its state; the ZIP is for the
 * member's own users, each download audited.
 */
export const portalDataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = portalMemberRoutes(app, 'data-export');
  const { db } = app.deps;

  route.read({
    url: '/api/data-export',
    summary:
      "The member's newest data export: its state, progress, what it holds and, while ready (24 hours), its download",
    response: ZDataExportState,
    handler: (member) => latestDataExport(db, member.mid, keepsCompanyData(member)),
  });

  route.write({
    method: 'POST',
    url: '/api/data-export',
    summary:
      "Asks for a ZIP of the member's data (owners and admins): 202 with the export, made by a job; while one is in the making, that one. 429 after 5 in 24 hours",
    response: ZDataExport,
    status: 202,
    handler: (member, { uid }) => {
      requireCompanyKeeper(member);
      return requestDataExport(db, member.mid, memberUserActor(uid));
    },
  });

  route.download({
    url: '/api/data-export/:id/zip',
    summary:
      "A ready data export's ZIP (audited); another member's, one in the making or one past its 24 hours is a 404",
    params: ZDataExportParams,
    contentType: 'application/zip',
    file: (member, { params, uid }) =>
      downloadDataExport(db, member.mid, params.id, memberUserActor(uid)),
  });
};
