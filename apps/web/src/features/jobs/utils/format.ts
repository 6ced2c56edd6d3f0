import { formatDateTime } from '@ops/ui/format';

/**
 * Times on the Jobs screen, as on every screen: headquarters' time with its zone named, the
 * zone every schedule is in ("2 Jan 2027, 06:00 CET"); "—" for none.
 */
export function formatZurichTime(iso: string | null | undefined): string {
  return iso ? formatDateTime(iso) || iso : '—';
}

/**
 * What a result's counts mean, for people (issue 32: "rateLimits: 0, sealedSecrets: 0"): the
 * words each task's result key stands for, singular and plural. A key not listed here is
 * written out from its name ("alreadyInvoiced" → "already invoiced").
 */
const resultWords: Record<string, { one: string; other: string }> = {
  expired: { one: 'certificate expired', other: 'certificates expired' },
  sessions: { one: 'expired session deleted', other: 'expired sessions deleted' },
  actionCodes: {
    one: 'used or expired link code deleted',
    other: 'used or expired link codes deleted',
  },
  sealedSecrets: { one: 'sealed e-mail code deleted', other: 'sealed e-mail codes deleted' },
  redirectSignIns: {
    one: 'stale Microsoft sign-in deleted',
    other: 'stale Microsoft sign-ins deleted',
  },
  rateLimits: { one: 'throttle counter deleted', other: 'throttle counters deleted' },
  issued: { one: 'invoice issued', other: 'invoices issued' },
  alreadyInvoiced: { one: 'member already invoiced', other: 'members already invoiced' },
  emailsQueued: { one: 'e-mail queued', other: 'e-mails queued' },
  postal: { one: 'postal reminder', other: 'postal reminders' },
  suspended: { one: 'member suspended', other: 'members suspended' },
  deleted: { one: 'old backup deleted', other: 'old backups deleted' },
  notDeleted: { one: 'old backup not deleted', other: 'old backups not deleted' },
  interrupted: { one: 'interrupted backup cleared', other: 'interrupted backups cleared' },
  bytes: { one: 'byte', other: 'bytes' },
};

/** The words of a value that is not a count: "year 2027", "file ops-….tar.gz". */
const labelWords: Record<string, string> = {
  year: 'year',
  asOf: 'as of',
  status: 'status',
  file: 'file',
  format: 'format',
  sha256: 'SHA-256',
};

const englishPlurals = new Intl.PluralRules('en');

/** "alreadyInvoiced" → "already invoiced". */
function wordsOfKey(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

/** "3 certificates expired", "1 e-mail queued": a count with its words, by plural rule. */
function countInWords(key: string, count: number): string {
  const words = resultWords[key];
  const text = count.toLocaleString('en');
  if (!words) return `${wordsOfKey(key)}: ${text}`;
  return `${text} ${englishPlurals.select(count) === 'one' ? words.one : words.other}`;
}

/**
 * A run's result in words, one line: "3 certificates expired", "1,200 invoices issued, 1,180
 * e-mails queued, year 2027". Ids are left out; lists and objects (per level, per currency)
 * stay for the run's own screen and are summarised by their size.
 */
export function formatResult(result: Record<string, unknown> | null): string {
  if (!result) return '';
  return Object.entries(result)
    .filter(([key]) => !key.endsWith('Id'))
    .map(([key, value]) => {
      if (typeof value === 'number') {
        return key === 'year' ? `year ${value}` : countInWords(key, value);
      }
      if (typeof value === 'string') return `${labelWords[key] ?? wordsOfKey(key)} ${value}`;
      if (Array.isArray(value)) return `${wordsOfKey(key)}: ${value.length.toLocaleString('en')}`;
      return null;
    })
    .filter((part): part is string => part !== null)
    .join(', ');
}
