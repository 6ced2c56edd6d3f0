import type { TInvoiceDetail, TInvoicesListPage } from '@ops/contract';
import {
  invoiceChoiceOfDetail,
  invoiceChoiceOfListItem,
  type TInvoiceChoice,
} from '@ops/contract/invoice-choice';
import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { areaKeys } from '@/lib/query-keys';
import { runSearch } from '@/lib/search/run-search';

/** The invoices picker's searches and the open invoices of members (its own cache root). */
export const invoiceChoiceQueryKeys = areaKeys('bank-invoice-choices');

const searchedHits = 40;
const shownInvoiceHits = 6;
const searchedMembers = 3;

/**
 * What the search palette's engine finds for the typed text: invoices (by number, payment
 * reference, or the member name in their description) and members (whose open invoices are
 * offered), in its ranking.
 */
export async function searchInvoiceHits(q: string, signal?: AbortSignal) {
  const { hits } = await runSearch({ q, limit: searchedHits }, signal);
  return {
    invoiceIids: hits
      .filter((hit) => hit._type === 'invoice')
      .slice(0, shownInvoiceHits)
      .map((hit) => hit._firestore_id),
    memberMids: hits
      .filter((hit) => hit._type === 'member')
      .slice(0, searchedMembers)
      .map((hit) => hit._firestore_id),
  };
}

/** The issued (open) invoices of members, oldest due first. */
export async function getOpenInvoicesOf(
  mids: readonly string[],
  signal?: AbortSignal,
): Promise<TInvoiceChoice[]> {
  if (mids.length === 0) return [];
  const params = new URLSearchParams({
    member: mids.join(','),
    status: 'issued',
    sort: 'dueDate',
    limit: '20',
  });
  const page = await apiRequest<TInvoicesListPage>(`/api/invoices?${params}`, { signal });
  return page.data.map(invoiceChoiceOfListItem);
}

/** `GET /api/invoices/{iid}` answers the detail (`ZInvoiceDetail`), not a list row. */
export async function getInvoiceChoice(iid: string, signal?: AbortSignal): Promise<TInvoiceChoice> {
  return invoiceChoiceOfDetail(
    await apiRequest<TInvoiceDetail>(`/api/invoices/${encodeURIComponent(iid)}`, { signal }),
  );
}

/**
 * The candidates of the assign dialog: the payer's member's open invoices first when the
 * payer is known, then the invoices the search finds (each read for its balance), then the open
 * invoices of the members it finds; each invoice once.
 */
export function useInvoiceChoices(q: string, knownMemberMid: string | null) {
  const hits = useQuery(
    queryOptions({
      queryKey: invoiceChoiceQueryKeys.list(q),
      queryFn: ({ signal }) => searchInvoiceHits(q, signal),
      enabled: q !== '',
      staleTime: 10_000,
      placeholderData: keepPreviousData,
      retry: false,
    }),
  );
  const known = useQuery({
    queryKey: invoiceChoiceQueryKeys.of('open-of', knownMemberMid),
    queryFn: ({ signal }) => getOpenInvoicesOf(knownMemberMid ? [knownMemberMid] : [], signal),
    enabled: knownMemberMid !== null,
  });
  const searchedIids = q === '' ? [] : (hits.data?.invoiceIids ?? []);
  const searchedMids = q === '' ? [] : (hits.data?.memberMids ?? []);
  const found = useQueries({
    queries: searchedIids.map((iid) => ({
      queryKey: invoiceChoiceQueryKeys.detail(iid),
      queryFn: ({ signal }: { signal: AbortSignal }) => getInvoiceChoice(iid, signal),
      staleTime: 10_000,
    })),
  });
  const ofMembers = useQuery({
    queryKey: invoiceChoiceQueryKeys.of('open-of', searchedMids.join(',')),
    queryFn: ({ signal }) => getOpenInvoicesOf(searchedMids, signal),
    enabled: searchedMids.length > 0,
    staleTime: 10_000,
  });

  const seen = new Set<string>();
  const choices: TInvoiceChoice[] = [];
  for (const choice of [
    ...(known.data ?? []),
    ...found.flatMap((query) => (query.data ? [query.data] : [])),
    ...(ofMembers.data ?? []),
  ]) {
    if (seen.has(choice.iid)) continue;
    seen.add(choice.iid);
    choices.push(choice);
  }
  return {
    choices,
    knownCount: known.data?.length ?? 0,
    isSearching: hits.isFetching || found.some((query) => query.isFetching) || ofMembers.isFetching,
    error: hits.error ?? ofMembers.error ?? known.error ?? null,
  };
}
