import { Badge } from '@/components/badge';

/** "Yes" / "No" as a small badge, for boolean columns. */
export function YesNoBadge({ value }: { value: boolean }) {
  return <Badge tone={value ? 'emerald-light' : 'slate'}>{value ? 'Yes' : 'No'}</Badge>;
}

/** The "Default" marker of a currency's default bank account. */
export function DefaultBadge() {
  return <Badge tone="sky-light">Default</Badge>;
}
