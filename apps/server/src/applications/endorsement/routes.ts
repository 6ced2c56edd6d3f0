import {
  maxApplicationDocumentBytes,
  ZEndorsement,
  ZEndorsementDecisionRequest,
  ZEndorsementDocumentParams,
  ZEndorsementParams,
} from '@ops/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sha256 } from '../../auth';
import { badInput } from '../../errors';
import { storedDocumentReply } from '../../http/inline-document';
import type { WorkflowContext } from '../workflow/context';
import { answerEndorsement } from './answer';
import { attachEndorsementLetter, endorsementDocument } from './letter';
import { getEndorsement } from './read';

/** An answer's JSON is a reason at most: nobody may make the portal read the API's 10 MB. */
export const endorsementBodyLimit = 16 * 1024;

const publicRoute = { access: 'public' as const };
const tags = ['endorsements'];

const ZLetterQuery = z.object({
  fileName: z.string().max(200).optional().describe('The letter’s file name'),
});

/**
 * The national association's page by link (issue 34), on the portal, without a session: the
 * token is the only key, so every request counts against the caller's address and against the
 * token (the console's shared limiter, in PostgreSQL across instances) before anything is read.
 */
export const endorsementRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (): WorkflowContext => ({
    db: app.deps.db,
    mailFrom: app.deps.config.mailFrom,
    portalUrl: app.deps.config.portalUrl,
  });
  const throttle = async (request: FastifyRequest, token: string) => {
    await app.deps.throttle.consume('endorsementsPerIp', request.ip);
    // The counter's key is the token's hash: the clear token is never written anywhere.
    await app.deps.throttle.consume('endorsementsPerToken', sha256(token));
  };
  if (!app.hasContentTypeParser('application/pdf')) {
    app.addContentTypeParser(
      'application/pdf',
      { parseAs: 'buffer', bodyLimit: maxApplicationDocumentBytes + 1 },
      (_request, body, done) => done(null, body),
    );
  }

  app.get(
    '/api/endorsements/:token',
    {
      config: publicRoute,
      schema: {
        tags,
        summary:
          'The endorsement link: its state (open, answered, expired, retired), the application while open, the answer once given, whom to ask for a new one',
        params: ZEndorsementParams,
        response: { 200: ZEndorsement },
      },
    },
    async (request) => {
      await throttle(request, request.params.token);
      return getEndorsement(app.deps.db, app.deps.config.mailFrom, request.params.token);
    },
  );

  app.post(
    '/api/endorsements/:token',
    {
      config: publicRoute,
      bodyLimit: endorsementBodyLimit,
      schema: {
        tags,
        summary:
          'Endorse or decline (a reason required to decline); a used link is a 409 saying who answered, when and what',
        params: ZEndorsementParams,
        body: ZEndorsementDecisionRequest,
        response: { 200: ZEndorsement },
      },
    },
    async (request) => {
      await throttle(request, request.params.token);
      return answerEndorsement(context(), request.params.token, request.body);
    },
  );

  app.post(
    '/api/endorsements/:token/letter',
    {
      config: publicRoute,
      bodyLimit: maxApplicationDocumentBytes + 1,
      schema: {
        tags,
        summary:
          'Attach the endorsement letter: a PDF of at most 10 MB as the raw body (application/pdf), recognised by its content',
        params: ZEndorsementParams,
        querystring: ZLetterQuery,
        response: { 200: ZEndorsement },
      },
    },
    async (request) => {
      await throttle(request, request.params.token);
      if (!Buffer.isBuffer(request.body)) {
        throw badInput('body', 'required', 'Send the letter as the raw body, application/pdf.');
      }
      return attachEndorsementLetter(context(), request.params.token, {
        bytes: request.body,
        fileName: request.query.fileName,
      });
    },
  );

  app.get(
    '/api/endorsements/:token/documents/:id',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'One document of the link’s application, inline, while the link is open',
        params: ZEndorsementDocumentParams,
      },
    },
    async (request, reply) => {
      await throttle(request, request.params.token);
      const file = await endorsementDocument(context(), request.params.token, request.params.id);
      return storedDocumentReply(
        reply,
        { contentType: file.content_type, fileName: file.file_name },
        { cacheControl: 'private, no-store' },
      ).send(file.content);
    },
  );
};
