import { useIntl } from 'react-intl';

/** A file's size in the person's language: "850 kB", "2.4 MB" (the documents, their progress). */
export function useFileSize() {
  const intl = useIntl();
  return (bytes: number) => {
    const megabytes = bytes >= 1024 * 1024;
    return intl.formatNumber(megabytes ? bytes / 1024 / 1024 : Math.max(bytes / 1024, 0.1), {
      style: 'unit',
      unit: megabytes ? 'megabyte' : 'kilobyte',
      maximumFractionDigits: 1,
    });
  };
}
