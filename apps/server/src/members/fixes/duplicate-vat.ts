import { keyedDuplicateCheck } from './duplicates';

/**
 * Duplicates by VAT number: live members with the same VAT/UID number once spaces, dots, dashes
 * and the Swiss MWST/TVA/IVA suffix are ignored (`member_vat_key`, migration 0008). The repair
 * merges one into the other. A VAT group spans countries (it has none).
 */
export const duplicateVat = keyedDuplicateCheck('duplicate-vat', {
  key: (m) => `member_vat_key(${m}vat_number)`,
  hasKey: (m) => `${m}vat_number IS NOT NULL AND member_vat_key(${m}vat_number) IS NOT NULL`,
  byCountry: false,
  label: (group) => group.key,
});
