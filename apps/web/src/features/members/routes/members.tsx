import { ActionLink } from '@/components/action-link';
import { ListPlaceholder, ListWithDetail, Screen } from '@/components/screen';
import { paths } from '@/config/paths';

export function MembersRoute() {
  return (
    <Screen
      title="Members"
      description="Association, individual, group and honorary members: status, country, national association, paid-through year and billing."
      actions={
        <>
          <ActionLink to={paths.membersUpload.getHref()}>CSV upload</ActionLink>
          <ActionLink to={paths.membersFixes.getHref()}>Fixes</ActionLink>
        </>
      }
    >
      <ListWithDetail>
        <ListPlaceholder>The members list is not built yet.</ListPlaceholder>
      </ListWithDetail>
    </Screen>
  );
}
