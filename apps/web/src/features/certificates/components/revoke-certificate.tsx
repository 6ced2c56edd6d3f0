import type { TCertificateDetail } from '@ops/contract';
import { useState } from 'react';
import { Button } from '@ops/ui/button';
import { ConfirmDialog, ConflictNotice, auditReason, isVersionConflict } from '@/components/detail';
import { getErrorMessage } from '@ops/ui/error-message';
import { useRevokeCertificate } from '../api/revoke-certificate';

/** Revoke, with a confirmation that asks for the reason; a version conflict is explained. */
export function RevokeCertificate({
  certificate,
  onReload,
}: {
  certificate: TCertificateDetail;
  onReload: () => void;
}) {
  const revoke = useRevokeCertificate(certificate.cid);
  const [isOpen, setIsOpen] = useState(false);
  const conflict = revoke.isError && isVersionConflict(revoke.error) ? revoke.error : null;

  return (
    <>
      <Button variant="secondary" onClick={() => setIsOpen(true)} className="text-red-800">
        Revoke
      </Button>
      {conflict ? (
        <ConflictNotice
          message={getErrorMessage(conflict)}
          onReload={() => {
            revoke.reset();
            onReload();
          }}
        />
      ) : null}
      <ConfirmDialog
        isOpen={isOpen && !conflict}
        title={`Revoke certificate ${certificate.number}?`}
        confirmLabel="Revoke certificate"
        busyLabel="Revoking…"
        tone="danger"
        reason={auditReason(
          'Kept on the record and in its history. The public verification page only says the certificate is revoked.',
        )}
        isBusy={revoke.isPending}
        error={revoke.isError && !conflict ? getErrorMessage(revoke.error) : null}
        onConfirm={(reason) =>
          revoke.mutate(
            { version: certificate.version, reason },
            { onSuccess: () => setIsOpen(false) },
          )
        }
        onClose={() => {
          setIsOpen(false);
          if (!conflict) revoke.reset();
        }}
      >
        {certificate.memberName}’s {certificate.year} certificate stops being valid at once, and
        anyone checking its code is told it is revoked. This cannot be undone; a new certificate can
        be issued instead.
      </ConfirmDialog>
    </>
  );
}
