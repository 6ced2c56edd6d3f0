import {
  emailTemplateKindLabels,
  languageLabels,
  type EmailTemplateKind,
  type Language,
  type TEmailTemplateTestRequest,
  type TEmailTemplateTestResult,
} from '@ops/contract';
import type { Kysely } from 'kysely';
import { recordAudit, type OperatorActor } from '../db/audit';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { queueEmail } from '../emails';
import { previewEmailTemplate } from './preview';

/**
 * "Send me a test": the draft, rendered as the preview renders it, queued through the outbox to
 * the signed-in operator's own address (never to the record's member), so they see it in a real
 * mail client. The subject says it is a test; the audit trail notes who asked.
 */
export async function sendTestEmail(
  db: Kysely<Database>,
  actor: OperatorActor,
  kind: EmailTemplateKind,
  language: Language,
  request: TEmailTemplateTestRequest,
  context: { mailFrom: string; publicUrl: string },
): Promise<TEmailTemplateTestResult> {
  const rendered = await previewEmailTemplate(db, kind, language, request, context.publicUrl);
  return writeTransaction(db, async (trx) => {
    const operator = await trx
      .selectFrom('users')
      .select('email')
      .where('uid', '=', actor.uid)
      .executeTakeFirstOrThrow();
    const eid = await queueEmail(trx, context.mailFrom, {
      to: [operator.email],
      subject: `[Test] ${rendered.subject}`,
      text: rendered.text,
      html: rendered.html,
      kind: 'template-test',
      related: { table: 'users', id: actor.uid },
    });
    await recordAudit(trx, actor, {
      table: 'email_templates',
      recordId: `${kind}:${language}`,
      action: 'send-test',
      after: { sent_to: operator.email, eid, record: rendered.recordLabel },
    });
    return {
      eid,
      to: operator.email,
      message: `A test of the ${emailTemplateKindLabels[kind]} e-mail in ${languageLabels[language]} is on its way to ${operator.email}.`,
    };
  });
}
