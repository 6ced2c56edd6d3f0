import {
  ZMembershipBillingResult,
  ZMembershipBillingSettings,
  ZMembershipBillingUpdate,
} from '@ops/contract/membership-billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../http/actor';
import { getMembershipBillingSettings } from './settings';
import { updateMembershipBillingSettings } from './update-settings';
import { apiRoutes } from '../http/api-route';

/**
 * Membership billing (issue 32): how an approval bills a new member's first year. Read by every
 * operator (the approve dialog shows it); changed by those who issue invoices.
 */
export const membershipBillingRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'membership-billing');

  route({
    method: 'GET',
    url: '/api/settings/membership-billing',
    summary: "How a new member's first membership invoice is billed",
    response: ZMembershipBillingSettings,
    handler: async () => getMembershipBillingSettings(app.deps.db),
  });

  route({
    method: 'PUT',
    url: '/api/settings/membership-billing',
    permission: 'invoices.edit',
    summary: 'Changes the first-year rule (and its cut-off month), with the version read',
    body: ZMembershipBillingUpdate,
    response: ZMembershipBillingResult,
    handler: async (request) =>
      updateMembershipBillingSettings(app.deps.db, operatorActor(request), request.body),
  });
};
