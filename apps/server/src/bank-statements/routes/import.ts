import {
  bankImportContentTypes,
  bankImportMaxBytes,
  ZBankImportQuery,
  ZBankImportReport,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../../http/actor';
import { mailContextOf } from '../../http/mail-context';
import { badInput } from '../../errors';
import { importBankFile } from '../import/import-file';

/**
 * POST /api/bank-statements/imports?fileName=…: one camt.053/054 file as the raw body (the
 * browser sends several files one request each), imported whole or not at all; the answer is
 * the report. An unreadable file is a 400 naming `file` and the rule; a file of an account that
 * is not ours a 400 `exists` naming its IBAN.
 */
export const importBankStatementsRoute: FastifyPluginAsyncZod = async (app) => {
  // This plugin's scope only: the file arrives whole as bytes (the parser needs all of it).
  app.addContentTypeParser(bankImportContentTypes, { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/api/bank-statements/imports',
    {
      config: { permission: 'bank-statements.import' },
      bodyLimit: bankImportMaxBytes,
      schema: {
        tags: ['bank-statements'],
        summary: `Import a bank file: camt.054 or camt.053 (ISO 20022, versions 001.04–001.08) as the raw XML (application/xml, text/xml or application/octet-stream, ≤ ${bankImportMaxBytes / 1024 / 1024} MB); each payment is matched (QR/RF reference, invoice number, known payer IBAN) and booked, and the report says what became of each`,
        querystring: ZBankImportQuery,
        response: { 200: ZBankImportReport },
      },
    },
    async (request) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) {
        throw badInput(
          'file',
          'required',
          'Send the bank file (camt.053 or camt.054) as the body.',
        );
      }
      return importBankFile(
        app.deps.db,
        operatorActor(request),
        { content: body, fileName: request.query.fileName ?? null },
        { ...mailContextOf(app), log: request.log },
      );
    },
  );
};
