import { ZAuthUser, ZPreferredLanguageRequest } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateRecord } from '../../db/records';
import { writeTransaction } from '../../db/transaction';
import { AppError } from '../../errors';
import { requireSession } from '../../http/access';
import { tags, toAuthUser } from './sign-in-session';

/**
 * PUT /api/auth/me/language, on the member portal: the language the person chose in the
 * switcher becomes their preferred language, which their e-mails follow and the portal opens in
 * on any device. Written through the records store, audited with the person as actor. The
 * console has no such route: an operator's language is no business of the portal's switcher.
 */
export const preferredLanguageRoute: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/auth/me/language',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Set the signed-in person's preferred language",
        body: ZPreferredLanguageRequest,
        response: { 200: ZAuthUser },
      },
    },
    async (request) => {
      const { user } = requireSession(request);
      const { language } = request.body;
      const updated = await writeTransaction(app.deps.db, async (trx) => {
        const current = await trx
          .selectFrom('users')
          .selectAll()
          .where('uid', '=', user.uid)
          .where('deleted_at', 'is', null)
          .forUpdate()
          .executeTakeFirst();
        if (!current) throw new AppError('not-found', 'Your account no longer exists.');
        if (current.preferred_language === language) return current;
        return updateRecord(
          trx,
          { kind: 'user', uid: user.uid },
          'users',
          current,
          { preferred_language: language },
          { action: 'update', reason: 'Chose a language in the member portal' },
        );
      });
      return toAuthUser(updated);
    },
  );
};
