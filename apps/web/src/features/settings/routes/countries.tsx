import { ListPlaceholder, ListWithDetail, Screen } from '@/components/screen';

export function CountriesRoute() {
  return (
    <Screen
      title="Countries"
      description="Countries with their region, World Bank income group, fee category, default currency and national association."
    >
      <ListWithDetail>
        <ListPlaceholder>The countries list is not built yet.</ListPlaceholder>
      </ListWithDetail>
    </Screen>
  );
}
