import type { TAuthUser, TSessionProbe } from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';

/**
 * The portal's calls of the authentication service: the console's calls (spec §7), on the
 * portal's own origin, which gives the portal's own session cookie.
 */
export const authApi = {
  probe: () => apiRequest<TSessionProbe>('/api/auth/session'),
  /** `language`: the page's, for the e-mail to a newcomer (a user's is in their own). */
  sendLink: (email: string, continueUrl: string, language: string) =>
    apiRequest<{ ok: true }>('/api/auth/email-link', { body: { email, continueUrl, language } }),
  /** `language`: the page's, kept as a newcomer's preferred language when this makes the account. */
  completeLink: (email: string, code: string, language: string) =>
    apiRequest<TAuthUser>('/api/auth/email-link/complete', { body: { email, code, language } }),
  /** The person's choice in the switcher, stored as their preferred language. */
  setLanguage: (language: string) =>
    apiRequest<TAuthUser>('/api/auth/me/language', { method: 'PUT', body: { language } }),
  signOut: () => apiRequest<{ ok: true }>('/api/auth/sign-out', { method: 'POST' }),
};
