/**
 * The one e-mail whose wording stays in code: the endorsement request to a national association
 * (issue 5). It is not a message to a member or applicant, so it is not among the editable,
 * translated templates of issue 17 (`email-templates/`), which every other e-mail now uses.
 */

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A plain notice: greeting, paragraphs (a quoted one for what an operator wrote), signature. */
function noticeEmail(options: { greeting: string; paragraphs: string[]; quote?: string }) {
  const text = [
    options.greeting,
    '',
    ...options.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(options.quote ? [...options.quote.split('\n').map((line) => `> ${line}`), ''] : []),
    'Kind regards,',
    'The membership team',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">
<p>${escapeHtml(options.greeting)}</p>
${options.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
${options.quote ? `<blockquote style="border-left:3px solid #cbd5e1;margin:0;padding-left:12px;white-space:pre-wrap">${escapeHtml(options.quote)}</blockquote>` : ''}
<p>Kind regards,<br>The membership team</p>
</body></html>`;
  return { text, html };
}

type EndorsementRequestMail = {
  applicantName: string | null;
  applicationNumber: string;
  legalName: string;
  associationName: string;
  countryName: string | null;
};

export function applicationEndorsementRequestedEmail(mail: EndorsementRequestMail) {
  return {
    subject: `Endorsement requested: membership application ${mail.applicationNumber}`,
    ...noticeEmail({
      greeting: `Dear colleagues of ${mail.associationName},`,
      paragraphs: [
        `${mail.legalName}${mail.countryName ? ` (${mail.countryName})` : ''} has applied for individual membership (application ${mail.applicationNumber}). Membership needs the written endorsement of the national association.`,
        'Please send us your endorsement letter, or tell us if you decline to endorse the company and why.',
      ],
    }),
  };
}
