import type { Language } from '@ops/contract/enumerations';
import type {
  EmailTemplateKind,
  TEmailTemplate,
  TEmailTemplateHistory,
  TEmailTemplateList,
  TEmailTemplatePreview,
  TEmailTemplatePreviewRequest,
  TEmailTemplateSave,
  TEmailTemplateSaveResult,
  TEmailTemplateTestResult,
} from '@ops/contract/email-templates';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { useLiveChanges } from '@/lib/live-changes';
import { useInvalidatingMutation } from '@/lib/mutation';
import { areaKeys } from '@/lib/query-keys';

/** E-mail templates (issue 17): the list, one template, its history and previews. */
export const emailTemplateQueryKeys = areaKeys('email-templates');

const root = '/api/settings/email-templates';
const pathOf = (kind: EmailTemplateKind, language: Language) => `${root}/${kind}/${language}`;

export const emailTemplatesQueryOptions = queryOptions({
  queryKey: emailTemplateQueryKeys.lists,
  queryFn: ({ signal }) => apiRequest<TEmailTemplateList>(root, { signal }),
});

/** Every kind in every language, fetched again when anyone saves or reverts one. */
export function useEmailTemplates() {
  const queryClient = useQueryClient();
  useLiveChanges(['email_templates'], () => {
    void queryClient.invalidateQueries({ queryKey: emailTemplateQueryKeys.all });
  });
  return useQuery(emailTemplatesQueryOptions);
}

export function useEmailTemplate(kind: EmailTemplateKind, language: Language) {
  return useQuery({
    queryKey: emailTemplateQueryKeys.detail(`${kind}:${language}`),
    queryFn: ({ signal }) => apiRequest<TEmailTemplate>(pathOf(kind, language), { signal }),
  });
}

export function useEmailTemplateHistory(
  kind: EmailTemplateKind,
  language: Language,
  enabled: boolean,
) {
  return useQuery({
    queryKey: emailTemplateQueryKeys.of('history', `${kind}:${language}`),
    queryFn: ({ signal }) =>
      apiRequest<TEmailTemplateHistory>(`${pathOf(kind, language)}/history`, { signal }),
    enabled,
  });
}

/**
 * The draft rendered by the server (the same sandbox and checks as a save). The caller passes
 * the draft already debounced; the last good preview stays on screen while the next loads.
 */
export function useEmailTemplatePreview(
  kind: EmailTemplateKind,
  language: Language,
  draft: TEmailTemplatePreviewRequest,
  enabled: boolean,
) {
  return useQuery({
    queryKey: emailTemplateQueryKeys.of('preview', `${kind}:${language}`, draft),
    queryFn: ({ signal }) =>
      apiRequest<TEmailTemplatePreview>(`${pathOf(kind, language)}/preview`, {
        method: 'POST',
        body: draft,
        signal,
      }),
    enabled,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/**
 * Where the HTML preview's frame posts its draft (issue 32): the answer is the draft's HTML as a
 * page of its own, under the policy e-mails are shown with.
 */
export const emailTemplatePreviewPageUrl = (kind: EmailTemplateKind, language: Language) =>
  `${pathOf(kind, language)}/preview/html`;

const written = (kind: EmailTemplateKind, language: Language) => [
  emailTemplateQueryKeys.lists,
  emailTemplateQueryKeys.detail(`${kind}:${language}`),
  emailTemplateQueryKeys.of('history', `${kind}:${language}`),
];

/** Saves the template with the version read (a 409 when someone saved meanwhile). */
export function useSaveEmailTemplate(kind: EmailTemplateKind, language: Language) {
  return useInvalidatingMutation({
    mutationFn: (body: TEmailTemplateSave) =>
      apiRequest<TEmailTemplateSaveResult>(pathOf(kind, language), { method: 'PUT', body }),
    invalidates: () => written(kind, language),
  });
}

export function useRevertEmailTemplate(kind: EmailTemplateKind, language: Language) {
  return useInvalidatingMutation({
    mutationFn: () =>
      apiRequest<TEmailTemplateSaveResult>(`${pathOf(kind, language)}/revert`, {
        method: 'POST',
        body: {},
      }),
    invalidates: () => written(kind, language),
  });
}

/** Queues the rendered draft to the signed-in operator's own address. */
export function useSendTestEmail(kind: EmailTemplateKind, language: Language) {
  return useInvalidatingMutation({
    mutationFn: (body: TEmailTemplatePreviewRequest) =>
      apiRequest<TEmailTemplateTestResult>(`${pathOf(kind, language)}/test`, {
        method: 'POST',
        body,
      }),
  });
}
