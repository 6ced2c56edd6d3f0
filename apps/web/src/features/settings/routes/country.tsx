import { RecordId, Screen } from '@/components/screen';

export function CountryRoute({ iso2 }: { iso2: string }) {
  return (
    <Screen
      title="Country"
      description="One country: name, region, income group, fee category, default currency, national association, active."
    >
      <RecordId label="ISO code" value={iso2} />
    </Screen>
  );
}
