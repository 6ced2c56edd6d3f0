import { ListPlaceholder, ListWithDetail, Screen } from '@/components/screen';

export function CertificatesRoute() {
  return (
    <Screen
      title="Certificates"
      description="Membership certificates, transport-document licences (FBL, FWB, FCR, FCT, FWR, SDT, SIC, FFI) and diplomas: validity, status and revocation."
    >
      <ListWithDetail>
        <ListPlaceholder>The certificates list is not built yet.</ListPlaceholder>
      </ListWithDetail>
    </Screen>
  );
}
