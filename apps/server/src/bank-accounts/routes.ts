import {
  ZBankAccount,
  ZBankAccountActionBody,
  ZBankAccountInput,
  ZBankAccountParams,
  ZBankAccountsListPage,
  ZBankAccountsListQuery,
  ZBankAccountUpdate,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../http/actor';
import { listExportRoute } from '../lists';
import {
  createBankAccount,
  getBankAccount,
  makeDefaultBankAccount,
  updateBankAccount,
} from './detail';
import { bankAccountsList, listBankAccounts } from './list';
import { apiRoutes } from '../http/api-route';

/** The federation's bank accounts: list, add, edit, deactivate, default per currency. */
export const bankAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'bank-accounts');

  route({
    method: 'GET',
    url: '/api/bank-accounts',
    summary: 'The bank accounts list: filters, q over names, IBAN and BIC, sort, keyset pages',
    querystring: ZBankAccountsListQuery,
    response: ZBankAccountsListPage,
    handler: async (request) => listBankAccounts(app.deps.db, request.query),
  });

  listExportRoute(app, 'bank-accounts', {
    summary: 'CSV of every bank account the same filters, q and sort select',
    listQuery: ZBankAccountsListQuery,
    list: () => bankAccountsList,
  });

  route({
    method: 'GET',
    url: '/api/bank-accounts/:id',
    summary: 'One bank account, with whether invoices name it, authors and version',
    params: ZBankAccountParams,
    response: ZBankAccount,
    handler: async (request) => getBankAccount(app.deps.db, request.params.id),
  });

  route({
    method: 'POST',
    url: '/api/bank-accounts',
    permission: 'bank-accounts.edit',
    summary:
      'Add a bank account: IBAN, QR-IBAN and BIC validated (400 naming the field and rule); the first of its currency, or one asked to, becomes the default',
    body: ZBankAccountInput,
    response: ZBankAccount,
    status: 201,
    handler: async (request) => {
      const account = await createBankAccount(app.deps.db, operatorActor(request), request.body);
      return account;
    },
  });

  route({
    method: 'PATCH',
    url: '/api/bank-accounts/:id',
    permission: 'bank-accounts.edit',
    summary:
      'Edit, deactivate (active: false) or reactivate a bank account with the version read (409 if it changed since)',
    params: ZBankAccountParams,
    body: ZBankAccountUpdate,
    response: ZBankAccount,
    handler: async (request) => {
      const { version, ...changes } = request.body;
      return updateBankAccount(app.deps.db, operatorActor(request), {
        id: request.params.id,
        version,
        changes,
      });
    },
  });

  route({
    method: 'POST',
    url: '/api/bank-accounts/:id/make-default',
    permission: 'bank-accounts.edit',
    summary:
      'Make an active account the default of its currency; the previous default loses it in the same transaction',
    params: ZBankAccountParams,
    body: ZBankAccountActionBody,
    response: ZBankAccount,
    handler: async (request) =>
      makeDefaultBankAccount(app.deps.db, operatorActor(request), {
        id: request.params.id,
        version: request.body.version,
      }),
  });
};
