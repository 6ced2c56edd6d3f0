import type { TSearchHit } from '@ops/contract';

/** A member as the picker offers it: what a person recognizes, and the id a choice sets. */
export type MemberOption = {
  mid: string;
  name: string;
  /** The membership number, e.g. M-00012 (null when the hit did not say). */
  number: string | null;
  /** The country's name (null when the member has none). */
  country: string | null;
};

/**
 * The member hits of a search answer as options. The search index describes a member as
 * "Member {number} · {country} · {status}" (migration 0003's search_index_records), the country
 * left out when there is none; other types (profiles, invoices…) are dropped.
 */
export function memberOptionsOf(hits: readonly TSearchHit[], limit: number): MemberOption[] {
  const options: MemberOption[] = [];
  for (const hit of hits) {
    if (hit._type !== 'member') continue;
    const parts = hit.description.split(' · ');
    const first = parts[0] ?? '';
    const number = first.startsWith('Member ') ? first.slice('Member '.length) : null;
    options.push({
      mid: hit._firestore_id,
      name: hit.name ?? number ?? hit._firestore_id,
      number,
      country: parts.length >= 3 ? (parts[1] ?? null) : null,
    });
    if (options.length >= limit) break;
  }
  return options;
}

/** How a chosen member reads in a field or a filter chip: "Alpine Freight AG (M-00012)". */
export function memberLabel(member: Pick<MemberOption, 'name' | 'number'>): string {
  return member.number ? `${member.name} (${member.number})` : member.name;
}
