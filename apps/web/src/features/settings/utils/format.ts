/** An IBAN for people: groups of four ("CH93 0076 2011 6238 5295 7"), as printed on a QR-bill. */
export function formatIban(iban: string | null | undefined): string {
  if (!iban) return '';
  return iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

let currencyNames: Intl.DisplayNames | undefined;

/** "CHF – Swiss Franc": a currency code with its English name, when the browser knows it. */
export function currencyLabel(code: string): string {
  currencyNames ??= new Intl.DisplayNames(['en'], { type: 'currency' });
  const name = currencyNames.of(code);
  return name && name !== code ? `${code} – ${name}` : code;
}

/** Every ISO 4217 code the browser knows, as select options. */
export function currencyOptions(): { value: string; label: string }[] {
  return Intl.supportedValuesOf('currency').map((code) => ({
    value: code,
    label: currencyLabel(code),
  }));
}
