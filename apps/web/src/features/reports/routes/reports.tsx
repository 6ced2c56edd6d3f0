import { Link } from 'react-router';
import { Screen } from '@/components/screen';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/permissions';
import { isFinanceReport, reportGroups, reportTitleOf } from '../utils/report-catalogue';

const linkClass =
  'font-medium text-sky-800 underline decoration-sky-300 underline-offset-2 hover:decoration-sky-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600';

/**
 * `/reports`: the reports by subject, each a title, what it shows and a link to it. The finance
 * reports (money) need the finance or admin role: without it they are listed, greyed, saying so,
 * so an operator knows they exist and whom to ask.
 */
export function ReportsRoute() {
  const canReadFinance = useCan('reports.finance');
  return (
    <Screen
      title="Reports"
      description="Figures over time with the records behind them: open a report, filter it, click a bar for its list."
    >
      <div className="grid gap-6 lg:grid-cols-3">
        {reportGroups.map((group) => (
          <section key={group.title} aria-labelledby={`reports-${group.title}`}>
            <h3 id={`reports-${group.title}`} className="text-base font-semibold text-slate-900">
              {group.title}
            </h3>
            <ul className="mt-2 flex flex-col gap-3">
              {group.names.map((name) => {
                const { title, description } = reportTitleOf(name);
                const isLocked = isFinanceReport(name) && !canReadFinance;
                return (
                  <li key={name} className="text-sm">
                    {isLocked ? (
                      <span className="font-medium text-slate-600">{title}</span>
                    ) : (
                      <Link to={paths.report.getHref({ name })} className={linkClass}>
                        {title}
                      </Link>
                    )}
                    <p className="mt-0.5 text-slate-600">{description}</p>
                    {isLocked ? (
                      <p className="mt-0.5 text-xs font-medium text-slate-600">
                        Needs the finance role
                      </p>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </Screen>
  );
}
