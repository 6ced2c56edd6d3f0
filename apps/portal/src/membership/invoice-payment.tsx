import type { TPortalInvoice } from '@ops/contract/portal-membership';
import { formatMemberMoney, formatMemberReference } from '@ops/contract/member-formats';
import { isApiError } from '@ops/ui/api-client';
import { Button } from '@ops/ui/button';
import { useState } from 'react';
import { useLanguage } from '../i18n/language-provider';
import { useMessages } from '../i18n/message';
import { membershipApi } from './api';

type PayState =
  | { state: 'idle' }
  | { state: 'opening' }
  | { state: 'opened'; url: string }
  | { state: 'refused'; rule: string }
  | { state: 'failed' };

/**
 * How to pay one open invoice (issue 35): by card on the provider's page (opened in a new tab, so
 * this page stays and shows the payment once the webhook has booked it), or by bank transfer to
 * the account with the reference, each to copy.
 */
export function InvoicePayment({ invoice }: { invoice: TPortalInvoice }) {
  const t = useMessages();
  const { language } = useLanguage();
  const [pay, setPay] = useState<PayState>({ state: 'idle' });
  const amount = formatMemberMoney(invoice.balanceMinor, invoice.currency, language);

  const payByCard = async () => {
    setPay({ state: 'opening' });
    try {
      const { url } = await membershipApi.payByCard(invoice.iid);
      window.open(url, '_blank', 'noopener');
      setPay({ state: 'opened', url });
    } catch (error) {
      const rule = isApiError(error) ? error.issues?.[0]?.rule : undefined;
      setPay(rule ? { state: 'refused', rule } : { state: 'failed' });
    }
  };

  return (
    <div className="space-y-2">
      {invoice.payByCard ? (
        <Button
          isBusy={pay.state === 'opening'}
          onClick={() => void payByCard()}
          className="min-h-11"
        >
          {pay.state === 'opening' ? t('invoices.paying') : t('invoices.payByCard', { amount })}
        </Button>
      ) : null}
      <div role="status" className="text-sm">
        {pay.state === 'opened' ? (
          <p>
            {t('invoices.payOpened')}{' '}
            <a
              href={pay.url}
              target="_blank"
              rel="noopener noreferrer"
              className="text-sky-900 underline"
            >
              {t('invoices.payLink', { number: invoice.number })}
            </a>
          </p>
        ) : pay.state === 'refused' ? (
          <p className="font-medium text-red-800">{t('invoices.payRefused', { rule: pay.rule })}</p>
        ) : pay.state === 'failed' ? (
          <p className="font-medium text-red-800">{t('invoices.payFailed')}</p>
        ) : null}
      </div>
      {invoice.transfer || invoice.paymentReference ? <BankTransfer invoice={invoice} /> : null}
    </div>
  );
}

function BankTransfer({ invoice }: { invoice: TPortalInvoice }) {
  const t = useMessages();
  const [copied, setCopied] = useState<string | null>(null);
  const { transfer } = invoice;
  const reference = invoice.paymentReference && formatMemberReference(invoice.paymentReference);
  const copy = (value: string) => {
    void navigator.clipboard?.writeText(value).then(
      () => setCopied(value),
      () => setCopied(null),
    );
  };
  const copyButton = (label: string, value: string) => (
    <Button variant="secondary" className="min-h-11" onClick={() => copy(value)}>
      {label}
    </Button>
  );
  const headingId = `transfer-${invoice.iid}`;
  return (
    <section aria-labelledby={headingId} className="space-y-1 rounded-md bg-slate-50 p-2 text-sm">
      <h3 id={headingId} className="font-medium">
        {t('invoices.transfer')}
      </h3>
      {transfer ? (
        <>
          <p>
            {t('invoices.transferTo', { holder: transfer.holderName, bank: transfer.bankName })}
          </p>
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-mono break-all">
              {t('invoices.iban', { iban: transfer.iban })}
            </span>
            {copyButton(t('invoices.copyIban'), transfer.iban.replace(/\s+/g, ''))}
          </p>
          {transfer.bic ? <p>{t('invoices.bic', { bic: transfer.bic })}</p> : null}
        </>
      ) : null}
      {reference ? (
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-mono break-all">{t('invoices.reference', { reference })}</span>
          {copyButton(t('invoices.copyReference'), reference.replace(/\s+/g, ''))}
        </p>
      ) : null}
      <p role="status" className="text-slate-700">
        {copied ? t('invoices.copied', { value: copied }) : ''}
      </p>
    </section>
  );
}
