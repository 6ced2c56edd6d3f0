import type { TEmailDetail } from '@ops/contract';
import { Link } from 'react-router';
import { FieldList, formatDateTime } from '@/components/detail';
import { emailKindLabel } from '@/lib/labels';
import { emailAttachmentPath, emailHtmlPath } from '../api/get-email';
import { formatBytes, relatedHref, relatedTableLabels } from './labels';
import { EmailStateBadge } from './state-badge';

const linkClass = 'text-sky-800 underline hover:text-sky-950';

function RelatedRecord({ related }: { related: NonNullable<TEmailDetail['related']> }) {
  const name = `${relatedTableLabels[related.table] ?? related.table} ${related.label ?? related.id}`;
  const href = relatedHref(related.table, related.id);
  return href ? (
    <Link className={linkClass} to={href}>
      {name}
    </Link>
  ) : (
    name
  );
}

/**
 * The message as it was sent: headers, the HTML body in a sandboxed frame (no scripts, an opaque
 * origin; the server's CSP says the same), the text body, and the attachments.
 */
export function EmailMessage({ email }: { email: TEmailDetail }) {
  const list = (addresses: readonly string[]) => (addresses.length ? addresses.join(', ') : null);
  const generated = generatedAttachmentsOf(email.templateData);
  return (
    <div className="flex flex-col gap-5 pt-4">
      <FieldList
        groups={[
          {
            title: 'Headers',
            fields: [
              { label: 'From', value: email.from },
              { label: 'To', value: list(email.to), copyValue: email.to.join(', ') },
              email.cc.length ? { label: 'Cc', value: list(email.cc) } : null,
              email.bcc.length ? { label: 'Bcc', value: list(email.bcc) } : null,
              email.replyTo ? { label: 'Reply-To', value: email.replyTo } : null,
              { label: 'Subject', value: email.subject },
              {
                label: 'Message-ID',
                value: email.messageId,
                copyValue: email.messageId,
                copyLabel: 'message id',
                isCode: true,
              },
            ],
          },
          {
            title: 'About',
            fields: [
              {
                label: 'State',
                value: <EmailStateBadge state={email.state} deliveryMode={email.deliveryMode} />,
              },
              { label: 'Kind', value: emailKindLabel(email.kind) },
              email.template ? { label: 'Template', value: email.template } : null,
              {
                label: 'Related record',
                value: email.related ? <RelatedRecord related={email.related} /> : 'None',
              },
              { label: 'Created', value: formatDateTime(email.createdAt) },
              email.deliveredAt
                ? {
                    // Without a mail server the e-mail was only written to the server log.
                    label: email.deliveryMode === 'log' ? 'Logged' : 'Sent',
                    value: formatDateTime(email.deliveredAt),
                  }
                : null,
              {
                label: 'Id',
                value: email.eid,
                copyValue: email.eid,
                copyLabel: 'e-mail id',
                isCode: true,
              },
            ],
          },
        ]}
      />
      {email.hasHtml ? (
        <section aria-label="HTML body" className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-slate-800">HTML</h3>
          {/* sandbox="" : no scripts, no forms, no same-origin access, no top navigation. */}
          <iframe
            title={`HTML of “${email.subject}”`}
            sandbox=""
            src={emailHtmlPath(email.eid)}
            referrerPolicy="no-referrer"
            className="h-[28rem] w-full rounded-md border border-slate-200 bg-white"
          />
        </section>
      ) : null}
      <section aria-label="Text body" className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold text-slate-800">Text</h3>
        {email.text ? (
          <pre className="max-h-[28rem] overflow-auto rounded-md border border-slate-200 bg-slate-50 p-3 font-sans text-sm whitespace-pre-wrap text-slate-800">
            {email.text}
          </pre>
        ) : (
          <p className="text-sm text-slate-600">This e-mail has no text body.</p>
        )}
      </section>
      {email.attachments.length || generated.length ? (
        <section aria-label="Attachments" className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-slate-800">Attachments</h3>
          <ul className="flex flex-col gap-1 text-sm">
            {generated.map((spec) => (
              <li key={spec.iid}>
                <a className={linkClass} href={`/api/invoices/${encodeURIComponent(spec.iid)}/pdf`}>
                  Invoice PDF
                </a>{' '}
                <span className="text-slate-600">
                  (made from the invoice as the e-mail leaves; this shows it as it is now)
                </span>
              </li>
            ))}
            {email.attachments.map((file) => (
              <li key={file.position}>
                <a
                  className={linkClass}
                  href={emailAttachmentPath(email.eid, file.position)}
                  download
                >
                  {file.filename}
                </a>{' '}
                <span className="text-slate-600">
                  ({file.contentType}, {formatBytes(file.byteSize)})
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** Files the delivery worker makes as the e-mail leaves (a renewal invoice's PDF). */
function generatedAttachmentsOf(templateData: Record<string, unknown> | null): { iid: string }[] {
  const specs = templateData?.generatedAttachments;
  return Array.isArray(specs)
    ? specs.filter(
        (spec): spec is { kind: 'invoice-pdf'; iid: string } =>
          (spec as { kind?: unknown }).kind === 'invoice-pdf' &&
          typeof (spec as { iid?: unknown }).iid === 'string',
      )
    : [];
}
