/** Days between a first invoice's issue and due dates (the renewals' term, demo-plan.ts). */
export const paymentTermDays = 30;

/** CHF 1’250.00, Swiss style, written out (toLocaleString depends on the ICU build). */
export function formatChf(minor: number): string {
  const units = String(Math.floor(minor / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u2019');
  return `CHF ${units}.${String(minor % 100).padStart(2, '0')}`;
}

/** A calendar day (YYYY-MM-DD) plus `days` days. */
export function dayPlus(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
