import { formatMemberDay } from '@ops/contract/member-formats';
import { todayAtHeadquarters } from '@ops/ui/clock';
import { useId, useState } from 'react';
import { useLanguage } from '../i18n/language-provider';
import { useMessages } from '../i18n/message';
import { membershipApi } from './api';
import { TitledSection } from '../components/titled-section';

const dateInput =
  'min-h-11 rounded-md border border-slate-400 px-2 focus-visible:outline-2 focus-visible:outline-sky-600';

/**
 * The member's statement of account for a period it picks (issue 35), the PDF the console makes:
 * from the first of the year to today unless changed. A period the server would refuse (ending
 * before it starts, or after today) says why instead of offering the link.
 */
export function StatementOfAccount() {
  const t = useMessages();
  const { language } = useLanguage();
  const id = useId();
  const today = todayAtHeadquarters();
  const [from, setFrom] = useState(`${today.slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  const problem =
    from && to && from > to ? 'statement.order' : to > today ? 'statement.future' : null;
  const isComplete = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to);
  return (
    <TitledSection id={`${id}-title`} title={t('statement.title')} className="space-y-2">
      <p className="text-sm text-slate-700">{t('statement.intro')}</p>
      <div className="flex flex-wrap gap-3">
        {(
          [
            ['statement.from', from, setFrom],
            ['statement.to', to, setTo],
          ] as const
        ).map(([label, value, set]) => (
          <label key={label} className="flex flex-col gap-1 text-sm font-medium">
            {t(label)}
            <input
              type="date"
              className={dateInput}
              value={value}
              max={today}
              onChange={(event) => set(event.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
            />
          </label>
        ))}
      </div>
      <p id={`${id}-problem`} role="status" className="text-sm font-medium text-red-800">
        {problem ? t(problem) : ''}
      </p>
      {isComplete && !problem ? (
        <a
          href={membershipApi.statementPdfHref(from, to)}
          className="inline-flex min-h-11 items-center text-sky-900 underline"
        >
          {t('statement.download', {
            from: formatMemberDay(from, language),
            to: formatMemberDay(to, language),
          })}
        </a>
      ) : null}
    </TitledSection>
  );
}
