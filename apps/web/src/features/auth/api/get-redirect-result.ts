import type { TRedirectResult } from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';

/** The outcome of a sign-in by redirect, answered once after coming back (spec §4). */
export function getRedirectResult(): Promise<TRedirectResult> {
  return apiRequest('/api/auth/redirect-result', { method: 'POST' });
}
