import type { TAuthUser, ZCompleteEmailLinkRequest } from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';
import type { InferInput } from '@ops/ui/contract-types';

/**
 * Completes sign-in with the code of an e-mailed link; the server sets the session cookie.
 * `emailFromLink`: the e-mail was read from the link, which the server accepts only for a link
 * printed to its terminal (issue 20).
 */
export function completeSignInLink(
  email: string,
  code: string,
  options: { emailFromLink?: boolean } = {},
): Promise<TAuthUser> {
  const body: InferInput<typeof ZCompleteEmailLinkRequest> = {
    email,
    code,
    ...(options.emailFromLink ? { emailFromLink: true } : {}),
  };
  return apiRequest('/api/auth/email-link/complete', { body });
}
