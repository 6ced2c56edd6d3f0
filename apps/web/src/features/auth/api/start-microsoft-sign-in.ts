import type { ZStartMicrosoftSignInRequest, ZStartMicrosoftSignInResponse } from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';
import type { Infer, InferInput } from '@ops/ui/contract-types';

/** Starts sign-in with Microsoft by redirect; the browser is then sent to the answered `url`. */
export function startMicrosoftSignIn(
  continueUrl: string,
): Promise<Infer<typeof ZStartMicrosoftSignInResponse>> {
  const body: InferInput<typeof ZStartMicrosoftSignInRequest> = { continueUrl };
  return apiRequest('/api/auth/microsoft', { body });
}
