import type { SearchDocumentType, SearchMatchStage, TSearchHit } from '@ops/contract';
import { paths } from '@/config/paths';
import { maxSearchQueryLength } from './constants';

/** Spec §2: a hit is listed by its name, or by its record id when it has none. */
export function getHitLabel(hit: Pick<TSearchHit, 'name' | '_firestore_id'>): string {
  const name = hit.name?.trim();
  return name ? name : hit._firestore_id;
}

/** Spec §2: choosing a hit goes to the detail route of its type. */
export function getHitHref(hit: Pick<TSearchHit, '_type' | '_firestore_id'>): string {
  const id = hit._firestore_id;
  switch (hit._type) {
    case 'profile':
      return paths.user.getHref({ uid: id });
    case 'application':
      return paths.application.getHref({ aid: id });
    case 'member':
      return paths.member.getHref({ mid: id });
    case 'invoice':
      return paths.invoice.getHref({ iid: id });
  }
}

/** Badge colours per type: light backgrounds with dark text (contrast above 7:1). */
export const hitTypeBadgeClasses: Record<SearchDocumentType, string> = {
  profile: 'bg-sky-100 text-sky-900',
  application: 'bg-amber-100 text-amber-900',
  member: 'bg-emerald-100 text-emerald-900',
  invoice: 'bg-violet-100 text-violet-900',
};

/** What each stage of the ranking means, for the test box's "stage" column. */
export const matchStageDescriptions: Record<SearchMatchStage, string> = {
  exact: 'The query is the record id, number or e-mail address',
  name: 'The name matches the query',
  text: 'The name and description together match the query',
  typo: 'Found only after correcting typos',
};

/**
 * What the palette searches for: the typed text without surrounding spaces, so "acme " asks
 * nothing new after "acme". Longer text than the service accepts is cut (it would be refused).
 */
export function normalizeQuery(text: string, maxLength = maxSearchQueryLength): string {
  return text.trim().slice(0, maxLength);
}
