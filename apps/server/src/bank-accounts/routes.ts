import {
  bankAccountsList as bankAccountsListColumns,
  listExportColumns,
  ZBankAccount,
  ZBankAccountActionBody,
  ZBankAccountInput,
  ZBankAccountParams,
  ZBankAccountsListPage,
  ZBankAccountsListQuery,
  ZBankAccountUpdate,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../errors';
import { operatorActor } from '../http/actor';
import { sendListExport } from '../lists';
import {
  createBankAccount,
  getBankAccount,
  makeDefaultBankAccount,
  updateBankAccount,
} from './detail';
import { bankAccountsList, listBankAccounts } from './list';

/** The export's columns, as a person reads them in a spreadsheet (the contract's headers). */
const exportColumns = listExportColumns(bankAccountsListColumns);

/** The federation's bank accounts: list, add, edit, deactivate, default per currency. */
export const bankAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/bank-accounts',
    {
      schema: {
        tags: ['bank-accounts'],
        summary: 'The bank accounts list: filters, q over names, IBAN and BIC, sort, keyset pages',
        querystring: ZBankAccountsListQuery,
        response: { 200: ZBankAccountsListPage },
      },
    },
    async (request) => listBankAccounts(app.deps.db, request.query),
  );

  app.get(
    '/api/bank-accounts/export',
    {
      schema: {
        tags: ['bank-accounts'],
        summary: 'CSV of every bank account the same filters, q and sort select',
        querystring: ZBankAccountsListQuery.omit({ cursor: true, limit: true }),
      },
    },
    async (request, reply) =>
      sendListExport(request, reply, {
        db: app.deps.db,
        list: bankAccountsList,
        query: request.query,
        columns: exportColumns,
        filename: 'bank-accounts',
      }),
  );

  app.get(
    '/api/bank-accounts/:id',
    {
      schema: {
        tags: ['bank-accounts'],
        summary: 'One bank account, with whether invoices name it, authors and version',
        params: ZBankAccountParams,
        response: { 200: ZBankAccount },
      },
    },
    async (request) => {
      const account = await getBankAccount(app.deps.db, request.params.id);
      if (!account)
        throw new AppError('not-found', `No bank account has the id ${request.params.id}.`);
      return account;
    },
  );

  app.post(
    '/api/bank-accounts',
    {
      config: { permission: 'bank-accounts.edit' },
      schema: {
        tags: ['bank-accounts'],
        summary:
          'Add a bank account: IBAN, QR-IBAN and BIC validated (400 naming the field and rule); the first of its currency, or one asked to, becomes the default',
        body: ZBankAccountInput,
        response: { 201: ZBankAccount },
      },
    },
    async (request, reply) => {
      const account = await createBankAccount(app.deps.db, operatorActor(request), request.body);
      return reply.status(201).send(account);
    },
  );

  app.patch(
    '/api/bank-accounts/:id',
    {
      config: { permission: 'bank-accounts.edit' },
      schema: {
        tags: ['bank-accounts'],
        summary:
          'Edit, deactivate (active: false) or reactivate a bank account with the version read (409 if it changed since)',
        params: ZBankAccountParams,
        body: ZBankAccountUpdate,
        response: { 200: ZBankAccount },
      },
    },
    async (request) => {
      const { version, ...changes } = request.body;
      return updateBankAccount(app.deps.db, operatorActor(request), {
        id: request.params.id,
        version,
        changes,
      });
    },
  );

  app.post(
    '/api/bank-accounts/:id/make-default',
    {
      config: { permission: 'bank-accounts.edit' },
      schema: {
        tags: ['bank-accounts'],
        summary:
          'Make an active account the default of its currency; the previous default loses it in the same transaction',
        params: ZBankAccountParams,
        body: ZBankAccountActionBody,
        response: { 200: ZBankAccount },
      },
    },
    async (request) =>
      makeDefaultBankAccount(app.deps.db, operatorActor(request), {
        id: request.params.id,
        version: request.body.version,
      }),
  );
};
