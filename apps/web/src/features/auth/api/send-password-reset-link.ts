import type { ZOk, ZSendPasswordResetRequest } from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';
import type { Infer, InferInput } from '@ops/ui/contract-types';

/** E-mails a link that comes back to `continueUrl` with `mode=resetPassword&oobCode=…`. */
export function sendPasswordResetLink(
  email: string,
  continueUrl: string,
): Promise<Infer<typeof ZOk>> {
  const body: InferInput<typeof ZSendPasswordResetRequest> = { email, continueUrl };
  return apiRequest('/api/auth/password-reset', { body });
}
