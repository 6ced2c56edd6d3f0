import type { TSignInMethodsResponse, ZSignInMethodsRequest } from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';
import type { InferInput } from '@ops/ui/contract-types';

/** Spec §7: which sign-in methods exist for an e-mail ([] for an unknown one). */
export function getSignInMethods(email: string): Promise<TSignInMethodsResponse> {
  const body: InferInput<typeof ZSignInMethodsRequest> = { email };
  return apiRequest('/api/auth/methods', { body });
}
