import { ActionLink } from '@/components/action-link';
import { DataList } from '@/components/data-list';
import { ListWithDetail, Screen } from '@/components/screen';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/permissions';
import { membersListDefinition } from '../components/members-list-definition';

export function MembersRoute() {
  const canEdit = useCan('members.edit');
  return (
    <Screen
      title="Members"
      description="Association, individual, group and honorary members: status, country, national association, paid-through year and billing."
      actions={
        canEdit ? (
          <>
            <ActionLink to={paths.membersUpload.getHref()}>CSV upload</ActionLink>
            <ActionLink to={paths.membersFixes.getHref()}>Fixes</ActionLink>
          </>
        ) : null
      }
    >
      <ListWithDetail>
        <DataList definition={membersListDefinition} />
      </ListWithDetail>
    </Screen>
  );
}
