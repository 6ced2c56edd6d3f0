import type {
  TPortalAnswerRequest,
  TPortalApplication,
  TPortalUpdateApplicationRequest,
} from '@ops/contract/portal-applications';
import { apiRequest } from '@ops/ui/api-client';

/** The portal's applications calls (the operating contract's `/api/applications`). */
export const applicationsApi = {
  list: () => apiRequest<{ items: TPortalApplication[] }>('/api/applications'),
  get: (aid: string) =>
    apiRequest<TPortalApplication>(`/api/applications/${encodeURIComponent(aid)}`),
  create: (category: TPortalApplication['category']) =>
    apiRequest<TPortalApplication>('/api/applications', { body: { category } }),
  update: (aid: string, change: TPortalUpdateApplicationRequest) =>
    apiRequest<TPortalApplication>(`/api/applications/${encodeURIComponent(aid)}`, {
      method: 'PATCH',
      body: change,
    }),
  submit: (aid: string, version: number) =>
    apiRequest<TPortalApplication>(`/api/applications/${encodeURIComponent(aid)}/submit`, {
      body: { version },
    }),
  withdraw: (aid: string, version: number) =>
    apiRequest<TPortalApplication>(`/api/applications/${encodeURIComponent(aid)}/withdraw`, {
      body: { version },
    }),
  /** Answer headquarters' request for information: the application goes back to review. */
  answer: (aid: string, answer: TPortalAnswerRequest) =>
    apiRequest<TPortalApplication>(`/api/applications/${encodeURIComponent(aid)}/answer`, {
      body: answer,
    }),
  countries: () => apiRequest<{ items: { iso2: string; name: string }[] }>('/api/countries'),
};
