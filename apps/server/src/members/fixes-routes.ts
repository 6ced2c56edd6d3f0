import {
  memberFixChecks,
  ZMemberFixCheck,
  ZMemberFixesSummary,
  ZMemberFixFindingsPage,
  ZMemberFixFindingsQuery,
  ZMemberFixResult,
  ZMergeMembersRequest,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorActor } from '../http/actor';
import { getMemberFixesSummary, getMemberFixFindings, memberFixes, mergeMembers } from './fixes';

/** Member fixes: the checks, their findings, and a repair per check (or a merge of duplicates). */
export const memberFixesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['member fixes'];

  app.get(
    '/api/members/fixes',
    {
      schema: {
        tags,
        summary: 'Every member check with its count of findings',
        response: { 200: ZMemberFixesSummary },
      },
    },
    async () => getMemberFixesSummary(app.deps.db),
  );

  app.get(
    '/api/members/fixes/:check',
    {
      schema: {
        tags,
        summary: "A page of one check's findings, each with its proposed repair in words",
        params: z.object({ check: ZMemberFixCheck }),
        querystring: ZMemberFixFindingsQuery,
        response: { 200: ZMemberFixFindingsPage },
      },
    },
    async (request) => getMemberFixFindings(app.deps.db, request.params.check, request.query),
  );

  // One repair route per check that has one, as its registry entry describes it.
  for (const check of memberFixChecks) {
    const repair = memberFixes[check].repair;
    if (!repair) continue;
    app.post(
      `/api/members/fixes/${check}/repair`,
      {
        config: { permission: 'members.edit' },
        schema: {
          tags,
          summary: repair.summary,
          body: repair.body,
          response: { 200: ZMemberFixResult },
        },
      },
      async (request) => repair.run(app.deps.db, operatorActor(request), request.body),
    );
  }

  app.post(
    '/api/members/merge',
    {
      config: { permission: 'members.edit' },
      schema: {
        tags,
        summary:
          'Merge a member into another in one transaction: its users, invoices, certificates, applications, e-mails and association links move, empty fields are filled, and it is deleted',
        body: ZMergeMembersRequest,
        response: { 200: ZMemberFixResult },
      },
    },
    async (request) => mergeMembers(app.deps.db, operatorActor(request), request.body),
  );
};
