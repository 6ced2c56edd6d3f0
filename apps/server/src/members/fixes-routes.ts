import {
  memberFixCheckInfo,
  ZAssociationLinkRepair,
  ZEmailRepair,
  ZMemberFixCheck,
  ZMemberFixesSummary,
  ZMemberFixFindingsPage,
  ZMemberFixFindingsQuery,
  ZMemberFixResult,
  ZMergeMembersRequest,
  ZSetCountryRepair,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorActor } from '../http/actor';
import {
  getMemberFixesSummary,
  getMemberFixFindings,
  mergeMembers,
  repairAssociationLink,
  repairMemberEmail,
  setMemberCountry,
} from './fixes';

const ZMergePair = ZMergeMembersRequest.omit({ check: true });

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

  for (const check of ['duplicate-name', 'duplicate-vat'] as const) {
    app.post(
      `/api/members/fixes/${check}/repair`,
      {
        config: { permission: 'members.edit' },
        schema: {
          tags,
          summary: `${memberFixCheckInfo[check].title}: merge one member of a group into the survivor the person chose`,
          body: ZMergePair,
          response: { 200: ZMemberFixResult },
        },
      },
      async (request) =>
        mergeMembers(app.deps.db, operatorActor(request), { ...request.body, check }),
    );
  }

  app.post(
    '/api/members/fixes/no-country/repair',
    {
      config: { permission: 'members.edit' },
      schema: {
        tags,
        summary: 'Set the country of a member that has none',
        body: ZSetCountryRepair,
        response: { 200: ZMemberFixResult },
      },
    },
    async (request) => setMemberCountry(app.deps.db, operatorActor(request), request.body),
  );

  app.post(
    '/api/members/fixes/invalid-email/repair',
    {
      config: { permission: 'members.edit' },
      schema: {
        tags,
        summary: "Clear a member's invalid e-mail or set a corrected one",
        body: ZEmailRepair,
        response: { 200: ZMemberFixResult },
      },
    },
    async (request) => repairMemberEmail(app.deps.db, operatorActor(request), request.body),
  );

  app.post(
    '/api/members/fixes/association-link/repair',
    {
      config: { permission: 'members.edit' },
      schema: {
        tags,
        summary:
          "Clear a member's or country's link to a member that is not a live association, or relink it",
        body: ZAssociationLinkRepair,
        response: { 200: ZMemberFixResult },
      },
    },
    async (request) => repairAssociationLink(app.deps.db, operatorActor(request), request.body),
  );

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
