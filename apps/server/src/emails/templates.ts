import { actionCodeLifetimeMs } from '@ops/contract';

const minutes = actionCodeLifetimeMs / 60_000;

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function linkEmail(options: {
  greeting: string;
  paragraphs: string[];
  linkLabel: string;
  link: string;
  closing: string;
}) {
  const text = [
    options.greeting,
    '',
    ...options.paragraphs.flatMap((paragraph) => [paragraph, '']),
    options.link,
    '',
    options.closing,
    '',
    'Operations',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">
<p>${escapeHtml(options.greeting)}</p>
${options.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
<p><a href="${escapeHtml(options.link)}">${escapeHtml(options.linkLabel)}</a></p>
<p style="color:#475569">${escapeHtml(options.closing)}</p>
<p>Operations</p>
</body></html>`;
  return { text, html };
}

export function signInLinkEmail(email: string, link: string) {
  return {
    subject: 'Sign in to Operations',
    ...linkEmail({
      greeting: 'Hello,',
      paragraphs: [
        `We received a request to sign in to Operations with ${email}. To sign in, open this link:`,
      ],
      linkLabel: 'Sign in to Operations',
      link,
      closing: `The link works once and expires in ${minutes} minutes. If you did not ask for it, you can ignore this e-mail.`,
    }),
  };
}

export function passwordResetEmail(email: string, link: string) {
  return {
    subject: 'Reset your Operations password',
    ...linkEmail({
      greeting: 'Hello,',
      paragraphs: [
        `We received a request to reset the password of ${email} for Operations. To choose a new password, open this link:`,
      ],
      linkLabel: 'Choose a new password',
      link,
      closing: `The link works once and expires in ${minutes} minutes. If you did not ask for it, you can ignore this e-mail: your password stays as it is.`,
    }),
  };
}
