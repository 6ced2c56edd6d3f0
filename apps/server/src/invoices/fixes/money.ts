/** Minor units as "CHF 1,234.50" (exact: integer arithmetic). */
export function money(minor: number, currency: string): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const major = Math.floor(abs / 100).toLocaleString('en');
  return `${currency} ${sign}${major}.${String(abs % 100).padStart(2, '0')}`;
}
