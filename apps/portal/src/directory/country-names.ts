import { useIntl } from 'react-intl';

/**
 * A country's name in the visitor's language, from its ISO code (the browser's own names,
 * `Intl.DisplayNames`); the server's English name, else the code, where the browser has none.
 */
export function useCountryName(): (iso2: string, fallback?: string | null) => string {
  const intl = useIntl();
  const names = new Intl.DisplayNames([intl.locale], { type: 'region' });
  return (iso2, fallback) => {
    try {
      return names.of(iso2) ?? fallback ?? iso2;
    } catch {
      // Not a code the browser reads (RangeError): the name as the server gives it.
      return fallback ?? iso2;
    }
  };
}
