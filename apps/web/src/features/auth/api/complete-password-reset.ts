import type { ZCompletePasswordResetRequest, ZOk } from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';
import type { Infer, InferInput } from '@ops/ui/contract-types';
import { useInvalidatingMutation } from '@/lib/mutation';

/** Sets the new password; does not sign in. Refused as 'auth/weak-password' with the reason. */
export function completePasswordReset(code: string, password: string): Promise<Infer<typeof ZOk>> {
  const body: InferInput<typeof ZCompletePasswordResetRequest> = { code, password };
  return apiRequest('/api/auth/password-reset/complete', { body });
}

/** Nothing cached changes (the person signs in afterwards). */
export function useCompletePasswordReset(code: string) {
  return useInvalidatingMutation({
    mutationFn: (password: string) => completePasswordReset(code, password),
  });
}
