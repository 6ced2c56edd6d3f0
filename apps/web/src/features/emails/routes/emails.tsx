import { DataList } from '@/components/data-list';
import { ListWithDetail, Screen } from '@/components/screen';
import { emailsListDefinition } from '../components/emails-list-definition';

/**
 * The e-mail log: every e-mail the console sends, with its delivery state; the home screen's
 * failed count opens it as `?state=ERROR`. The detail opens beside it (the outlet).
 */
export function EmailsRoute() {
  return (
    <Screen
      title="E-mails"
      description="E-mails the console sends and their delivery: pending, processing, sent, failed, retry."
    >
      <ListWithDetail>
        <DataList definition={emailsListDefinition} />
      </ListWithDetail>
    </Screen>
  );
}
