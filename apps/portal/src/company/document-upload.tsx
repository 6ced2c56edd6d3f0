import { isApiError } from '@ops/ui/api-client';
import type { MessageId } from '../i18n/messages/en';
import type { CompanyMessageId } from './fields';

type DocumentMessageId = MessageId | CompanyMessageId;

/** The server's refusal of a request's document, in words naming the file (`{fileName}`). */
export function uploadErrorOf(error: unknown): DocumentMessageId {
  if (!isApiError(error)) return 'documents.error.network';
  if (error.code === 'payload-too-large') return 'documents.error.tooLarge';
  const rule = error.issues?.[0]?.rule;
  if (rule === 'file-type') return 'documents.error.fileType';
  if (rule === 'too_small' || rule === 'required') return 'documents.error.empty';
  if (rule === 'status') return 'company.error.documentClosed';
  return 'documents.error.other';
}
