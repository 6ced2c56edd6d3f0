import type { TEmailDetail } from '@ops/contract';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DeliveryHistory } from './delivery-history';
import { EmailStateBadge } from './state-badge';

/** Text as a person reads it: tags dropped, entities decoded. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

function deliveredEmail(deliveryMode: 'smtp' | 'log'): TEmailDetail {
  const isLogged = deliveryMode === 'log';
  return {
    eid: 'e1',
    state: 'SUCCESS',
    from: 'Operations <ops@example.org>',
    to: ['ada@example.org'],
    cc: [],
    bcc: [],
    replyTo: null,
    subject: 'Your sign-in link',
    messageId: '<e1@example.org>',
    kind: 'sign-in-link',
    template: null,
    templateData: null,
    related: null,
    text: 'Hello',
    hasHtml: false,
    attachments: [],
    attempts: 1,
    attemptsInBudget: 1,
    maxAttempts: 5,
    nextAttemptAt: null,
    leaseExpiresAt: null,
    workerId: 'host/1/abc',
    lastError: null,
    providerMessageId: isLogged ? null : '<e1@example.org>',
    accepted: isLogged ? [] : ['ada@example.org'],
    rejected: [],
    deliveredAt: '2026-11-24T13:05:00Z',
    deliveryMode,
    createdAt: '2026-11-24T13:04:59Z',
    updatedAt: '2026-11-24T13:05:00Z',
    deliveries: [
      {
        attempt: 1,
        workerId: 'host/1/abc',
        startedAt: '2026-11-24T13:04:59Z',
        finishedAt: '2026-11-24T13:05:00Z',
        outcome: 'success',
        smtpResponse: isLogged ? 'Written to the server log (SMTP_URL is not set)' : '250 OK',
        error: null,
        providerMessageId: null,
        accepted: isLogged ? [] : ['ada@example.org'],
        rejected: [],
        deliveryMode,
      },
    ],
  };
}

describe('an e-mail delivered without a mail server', () => {
  it('reads "Logged (not delivered)" in its badge and delivery history, never "Sent"', () => {
    const email = deliveredEmail('log');
    const badge = textOf(
      renderToString(<EmailStateBadge state={email.state} deliveryMode={email.deliveryMode} />),
    );
    expect(badge).toBe('Logged (not delivered)');

    const history = textOf(renderToString(<DeliveryHistory email={email} />));
    expect(history).toContain('Logged (not delivered): written to the server log');
    expect(history).toContain('Attempt 1 Logged (not delivered)');
    expect(history).not.toMatch(/Sent|Accepted by the mail server/);
  });

  it('reads "Sent" and "Accepted by the mail server" when a mail server took it', () => {
    const email = deliveredEmail('smtp');
    expect(
      textOf(
        renderToString(<EmailStateBadge state={email.state} deliveryMode={email.deliveryMode} />),
      ),
    ).toBe('Sent');
    const history = textOf(renderToString(<DeliveryHistory email={email} />));
    expect(history).toContain('Accepted by the mail server');
    expect(history).toContain('Attempt 1 Accepted by the mail server');
  });
});
