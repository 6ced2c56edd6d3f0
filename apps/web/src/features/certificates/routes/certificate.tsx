import { RecordId, Screen } from '@/components/screen';

export function CertificateRoute({ cid }: { cid: string }) {
  return (
    <Screen
      title="Certificate"
      description="One certificate: number, member, type, year, validity, status, invoice, PDF and public verification code."
    >
      <RecordId label="Certificate id" value={cid} />
    </Screen>
  );
}
