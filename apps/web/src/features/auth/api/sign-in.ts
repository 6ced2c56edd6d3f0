import type {
  TAuthUser,
  TRedirectResult,
  TSignInMethodsResponse,
  ZCompleteEmailLinkRequest,
  ZOk,
  ZPasswordSignInRequest,
  ZSendEmailLinkRequest,
  ZSignInMethodsRequest,
  ZStartMicrosoftSignInRequest,
  ZStartMicrosoftSignInResponse,
} from '@ops/contract';
import { apiRequest } from '@/lib/api-client';
import type { Infer, InferInput } from '@/lib/contract-types';

/** Spec §7: which sign-in methods exist for an e-mail ([] for an unknown one). */
export function getSignInMethods(email: string): Promise<TSignInMethodsResponse> {
  const body: InferInput<typeof ZSignInMethodsRequest> = { email };
  return apiRequest('/api/auth/methods', { body });
}

/** Signs in with e-mail and password; the server sets the session cookie. */
export function signInWithPassword(email: string, password: string): Promise<TAuthUser> {
  const body: InferInput<typeof ZPasswordSignInRequest> = { email, password };
  return apiRequest('/api/auth/password', { body });
}

/** E-mails a sign-in link that comes back to `continueUrl` with `mode=signIn&oobCode=…`. */
export function sendSignInLink(email: string, continueUrl: string): Promise<Infer<typeof ZOk>> {
  const body: InferInput<typeof ZSendEmailLinkRequest> = { email, continueUrl };
  return apiRequest('/api/auth/email-link', { body });
}

/** Completes sign-in with the code of an e-mailed link; the server sets the session cookie. */
export function completeSignInLink(email: string, code: string): Promise<TAuthUser> {
  const body: InferInput<typeof ZCompleteEmailLinkRequest> = { email, code };
  return apiRequest('/api/auth/email-link/complete', { body });
}

/** Starts sign-in with Microsoft by redirect; the browser is then sent to the answered `url`. */
export function startMicrosoftSignIn(
  continueUrl: string,
): Promise<Infer<typeof ZStartMicrosoftSignInResponse>> {
  const body: InferInput<typeof ZStartMicrosoftSignInRequest> = { continueUrl };
  return apiRequest('/api/auth/microsoft', { body });
}

/** The outcome of a sign-in by redirect, answered once after coming back (spec §4). */
export function getRedirectResult(): Promise<TRedirectResult> {
  return apiRequest('/api/auth/redirect-result', { method: 'POST' });
}
