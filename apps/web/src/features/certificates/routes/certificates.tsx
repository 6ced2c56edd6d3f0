import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@ops/ui/button';
import { DataList } from '@/components/data-list';
import { ListWithDetail, Screen } from '@/components/screen';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/permissions';
import { certificatesListDefinition } from '../components/certificates-list-definition';
import { IssueCertificateForm } from '../components/issue-certificate-form';

export function CertificatesRoute() {
  const canManage = useCan('certificates.manage');
  const [isIssuing, setIsIssuing] = useState(false);
  const navigate = useNavigate();
  return (
    <Screen
      title="Certificates"
      description="Membership certificates, transport-document licences (FBL, FWB, FCR, FCT, FWR, SDT, SIC, FFI) and diplomas: validity, status and revocation."
      actions={
        canManage && !isIssuing ? (
          <Button onClick={() => setIsIssuing(true)}>Issue certificate</Button>
        ) : null
      }
    >
      {canManage && isIssuing ? (
        <IssueCertificateForm
          onCancel={() => setIsIssuing(false)}
          onIssued={(cid) => {
            setIsIssuing(false);
            void navigate(paths.certificate.getHref({ cid }));
          }}
        />
      ) : null}
      <ListWithDetail>
        <DataList definition={certificatesListDefinition} />
      </ListWithDetail>
    </Screen>
  );
}
