import { keyedDuplicateCheck } from './duplicates';

/**
 * Duplicates by name and country: live members whose legal names are the same once case,
 * accents, spaces and punctuation are ignored (`member_name_key`, migration 0008), in the same
 * country. The repair merges one into the other.
 */
export const duplicateName = keyedDuplicateCheck('duplicate-name', {
  key: (m) => `member_name_key(${m}legal_name)`,
  hasKey: (m) => `member_name_key(${m}legal_name) IS NOT NULL`,
  byCountry: true,
  label: (group) => `${group.key} · ${group.country_iso2 ?? 'no country'}`,
});
