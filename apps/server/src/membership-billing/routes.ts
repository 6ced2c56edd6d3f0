import {
  ZMembershipBillingResult,
  ZMembershipBillingSettings,
  ZMembershipBillingUpdate,
} from '@ops/contract/membership-billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../http/actor';
import { getMembershipBillingSettings } from './settings';
import { updateMembershipBillingSettings } from './update-settings';

/**
 * Membership billing (issue 32): how an approval bills a new member's first year. Read by every
 * operator (the approve dialog shows it); changed by those who issue invoices.
 */
export const membershipBillingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/settings/membership-billing',
    {
      schema: {
        tags: ['membership-billing'],
        summary: "How a new member's first membership invoice is billed",
        response: { 200: ZMembershipBillingSettings },
      },
    },
    async () => getMembershipBillingSettings(app.deps.db),
  );

  app.put(
    '/api/settings/membership-billing',
    {
      config: { permission: 'invoices.edit' },
      schema: {
        tags: ['membership-billing'],
        summary: 'Changes the first-year rule (and its cut-off month), with the version read',
        body: ZMembershipBillingUpdate,
        response: { 200: ZMembershipBillingResult },
      },
    },
    async (request) =>
      updateMembershipBillingSettings(app.deps.db, operatorActor(request), request.body),
  );
};
