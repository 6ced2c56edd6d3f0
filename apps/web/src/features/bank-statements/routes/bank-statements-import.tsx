import { Link } from 'react-router';
import { Button } from '@ops/ui/button';
import { PageOfList, Screen } from '@/components/screen';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/permissions';
import { ImportDropZone } from '../components/import-drop-zone';
import { ImportFileList } from '../components/import-file-list';
import { ImportProgress } from '../components/import-progress';
import { importProgressOf } from '../components/import-queue';
import { ImportReport } from '../components/import-report';
import { useBankImportQueue } from '../components/use-bank-import-queue';

export function BankStatementsImportRoute() {
  const canImport = useCan('bank-statements.import');
  return (
    <PageOfList listHref={paths.bankStatements.getHref()} listTitle="Bank statements">
      <Screen
        title="Import bank statements"
        description="Drop the camt.054 or camt.053 files of the e-banking: each is read, its payments matched to invoices and booked, and the report says what became of every one."
      >
        {canImport ? (
          <BankImport />
        ) : (
          <p className="text-sm text-slate-700">
            Your operator roles do not allow importing bank statements (it needs
            bank-statements.import).
          </p>
        )}
      </Screen>
    </PageOfList>
  );
}

function BankImport() {
  const { items, phase, queue } = useBankImportQueue();
  return (
    <div className="flex flex-col gap-4">
      <ImportDropZone onFiles={(files) => void queue.add(files)} />
      {phase !== 'choose' ? <ImportProgress progress={importProgressOf(items)} /> : null}
      {phase === 'uploading' ? (
        <div>
          <Button variant="secondary" onClick={queue.cancel}>
            Stop after the file being sent
          </Button>
        </div>
      ) : null}
      {phase === 'uploading' ? <ImportFileList items={items} /> : null}
      {phase === 'done' ? (
        <>
          <ImportReport items={items} />
          <div className="flex flex-wrap items-center gap-3">
            <Link
              to={paths.bankStatements.getHref()}
              className="text-sm font-medium text-sky-700 underline hover:text-sky-900"
            >
              Back to the bank statements
            </Link>
            <Button variant="secondary" onClick={queue.reset}>
              Clear the report
            </Button>
          </div>
        </>
      ) : null}
    </div>
  );
}
