import type { ZCheckPasswordResetRequest, ZCheckPasswordResetResponse } from '@ops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import type { Infer, InferInput } from '@ops/ui/contract-types';
import { authQueryKeys } from './query-keys';

/** The e-mail of the account a password-reset code belongs to (fails for a used or old code). */
export function checkPasswordResetCode(
  code: string,
): Promise<Infer<typeof ZCheckPasswordResetResponse>> {
  const body: InferInput<typeof ZCheckPasswordResetRequest> = { code };
  return apiRequest('/api/auth/password-reset/check', { body });
}

export function passwordResetCodeQueryOptions(code: string) {
  return queryOptions({
    queryKey: authQueryKeys.passwordResetCode(code),
    queryFn: () => checkPasswordResetCode(code),
    retry: false,
    staleTime: Infinity,
  });
}

export function usePasswordResetCode(code: string) {
  return useQuery(passwordResetCodeQueryOptions(code));
}
