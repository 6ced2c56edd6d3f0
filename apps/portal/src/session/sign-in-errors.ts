import { isApiError } from '@ops/ui/api-client';
import { isNetworkError } from '@ops/ui/network-error';
import type { MessageId } from '../i18n/messages/en';

/** The words for a refused sign-in, in the person's language: a message id and its values. */
export function signInErrorMessage(error: unknown): {
  id: MessageId;
  values?: Record<string, string>;
} {
  if (isNetworkError(error)) return { id: 'error.network' };
  if (isApiError(error, 'auth/invalid-action-code')) return { id: 'error.linkInvalid' };
  if (isApiError(error, 'auth/expired-action-code')) return { id: 'error.linkExpired' };
  if (isApiError(error, 'auth/invalid-email')) return { id: 'error.emailMismatch' };
  if (isApiError(error, 'auth/too-many-requests')) return { id: 'error.tooMany' };
  const message = error instanceof Error ? error.message : String(error);
  return { id: 'error.unknown', values: { message } };
}
