import type {
  ZCheckPasswordResetRequest,
  ZCheckPasswordResetResponse,
  ZCompletePasswordResetRequest,
  ZOk,
  ZSendPasswordResetRequest,
} from '@ops/contract';
import { apiRequest } from '@/lib/api-client';
import type { Infer, InferInput } from '@/lib/contract-types';

/** E-mails a link that comes back to `continueUrl` with `mode=resetPassword&oobCode=…`. */
export function sendPasswordResetLink(
  email: string,
  continueUrl: string,
): Promise<Infer<typeof ZOk>> {
  const body: InferInput<typeof ZSendPasswordResetRequest> = { email, continueUrl };
  return apiRequest('/api/auth/password-reset', { body });
}

/** The e-mail of the account a password-reset code belongs to (fails for a used or old code). */
export function checkPasswordResetCode(
  code: string,
): Promise<Infer<typeof ZCheckPasswordResetResponse>> {
  const body: InferInput<typeof ZCheckPasswordResetRequest> = { code };
  return apiRequest('/api/auth/password-reset/check', { body });
}

/** Sets the new password; does not sign in. Refused as 'auth/weak-password' with the reason. */
export function completePasswordReset(code: string, password: string): Promise<Infer<typeof ZOk>> {
  const body: InferInput<typeof ZCompletePasswordResetRequest> = { code, password };
  return apiRequest('/api/auth/password-reset/complete', { body });
}
