import type { TAuthUser, ZCompleteEmailLinkRequest } from '@ops/contract';
import { apiRequest } from '@/lib/api-client';
import type { InferInput } from '@/lib/contract-types';

/** Completes sign-in with the code of an e-mailed link; the server sets the session cookie. */
export function completeSignInLink(email: string, code: string): Promise<TAuthUser> {
  const body: InferInput<typeof ZCompleteEmailLinkRequest> = { email, code };
  return apiRequest('/api/auth/email-link/complete', { body });
}
