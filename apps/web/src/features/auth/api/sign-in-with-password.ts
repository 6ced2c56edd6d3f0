import type { TAuthUser, ZPasswordSignInRequest } from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';
import type { InferInput } from '@ops/ui/contract-types';

/** Signs in with e-mail and password; the server sets the session cookie. */
export function signInWithPassword(email: string, password: string): Promise<TAuthUser> {
  const body: InferInput<typeof ZPasswordSignInRequest> = { email, password };
  return apiRequest('/api/auth/password', { body });
}
