import type { ComponentType } from 'react';
import { ListWithDetail, Screen } from '@/components/screen';
import { DataList } from './data-list';
import type { DataListScreenDefinition } from './types';

/** Any list's definition that names its screen (the rows' type is the list's own business). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ListScreenDefinition = DataListScreenDefinition<any>;

/**
 * The screen of a list that shows nothing but the list: its title and description, the list, and
 * the record opened from it beside it (`ListWithDetail`). `app/areas.ts` declares such a screen
 * from the list definition alone (`listScreen`), so the area has no route file for its list.
 */
export function listScreenOf(definition: ListScreenDefinition): ComponentType {
  function ListScreen() {
    return (
      <Screen title={definition.screen.title} description={definition.screen.description}>
        <ListWithDetail>
          <DataList definition={definition} />
        </ListWithDetail>
      </Screen>
    );
  }
  ListScreen.displayName = `ListScreen(${definition.name})`;
  return ListScreen;
}
