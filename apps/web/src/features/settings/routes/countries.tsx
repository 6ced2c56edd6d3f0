import { DataList } from '@/components/data-list';
import { ListWithDetail, Screen } from '@/components/screen';
import { countriesListDefinition } from '../components/countries-list-definition';

export function CountriesRoute() {
  return (
    <Screen
      title="Countries"
      description="Every ISO 3166 country with its region, World Bank income group, fee category, default currency and national association."
    >
      <ListWithDetail>
        <DataList definition={countriesListDefinition} />
      </ListWithDetail>
    </Screen>
  );
}
