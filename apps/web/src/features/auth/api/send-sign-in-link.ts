import type { ZOk, ZSendEmailLinkRequest } from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';
import type { Infer, InferInput } from '@ops/ui/contract-types';

/** E-mails a sign-in link that comes back to `continueUrl` with `mode=signIn&oobCode=…`. */
export function sendSignInLink(email: string, continueUrl: string): Promise<Infer<typeof ZOk>> {
  const body: InferInput<typeof ZSendEmailLinkRequest> = { email, continueUrl };
  return apiRequest('/api/auth/email-link', { body });
}
