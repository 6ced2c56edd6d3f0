import type { TPortalCreditNote, TPortalInvoice } from '@ops/contract/portal-membership';
import { formatMemberDay, formatMemberMoney } from '@ops/contract/member-formats';
import { useEffect, useRef, useState } from 'react';
import { MemberScreenHeading } from '../components/member-screen';
import { SignInPanel } from '../components/sign-in-panel';
import { paths } from '../config/screens';
import { useLanguage } from '../i18n/language-provider';
import { MemberMessages } from '../i18n/member-messages-provider';
import { Message, useMessages } from '../i18n/message';
import { membershipApi } from '../membership/api';
import { useMemberData } from '../membership/member-events';
import { InvoicePayment } from '../membership/invoice-payment';
import { StatementOfAccount } from '../membership/statement-of-account';
import { useSession } from '../session/session';
import { TitledSection } from '../components/titled-section';

/** `PORTAL_URL/invoices` (issue 35): the member's invoices, what is left to pay, each PDF. */
export function InvoicesScreen() {
  const { session } = useSession();
  if (session.state !== 'signed-in') {
    return <SignInPanel continuePath={paths.invoices.getHref()} title="signIn.title" />;
  }
  return (
    <MemberMessages>
      <Invoices />
    </MemberMessages>
  );
}

type InvoicesAndCreditNotes = { invoices: TPortalInvoice[]; creditNotes: TPortalCreditNote[] };

const loadInvoices = async (): Promise<InvoicesAndCreditNotes> => {
  const [invoices, creditNotes] = await Promise.all([
    membershipApi.invoices(),
    membershipApi.creditNotes(),
  ]);
  return { invoices: invoices.items, creditNotes: creditNotes.items };
};

function Invoices() {
  // A payment booked by the webhook (or by staff) shows here without a reload.
  const { data } = useMemberData(loadInvoices);
  const items = data?.invoices ?? null;
  const creditNotes = data?.creditNotes ?? [];
  const [paidNow, setPaidNow] = useState<string[]>([]);
  const shown = useRef<TPortalInvoice[] | null>(null);
  useEffect(() => {
    if (!items) return;
    // Said aloud as well as shown: an invoice that was open when the page showed it is paid.
    const wasOpen = new Set(shown.current?.filter(isPayable).map((invoice) => invoice.iid));
    const paid = items.filter((invoice) => wasOpen.has(invoice.iid) && invoice.status === 'paid');
    if (paid.length > 0) setPaidNow(paid.map((invoice) => invoice.number));
    shown.current = items;
  }, [items]);
  return (
    <div className="space-y-4">
      <MemberScreenHeading title="invoices.title" />
      <PaidNow numbers={paidNow} />
      {items === null ? (
        <p role="status">
          <Message id="apps.loading" />
        </p>
      ) : items.length === 0 ? (
        <p>
          <Message id="invoices.none" />
        </p>
      ) : (
        <ul className="space-y-2">
          {items.map((invoice) => (
            <InvoiceItem key={invoice.iid} invoice={invoice} />
          ))}
        </ul>
      )}
      {creditNotes.length > 0 ? <CreditNotes notes={creditNotes} /> : null}
      {items !== null ? <StatementOfAccount /> : null}
    </div>
  );
}

/** The invoices the member just paid, announced politely (a status region). */
function PaidNow({ numbers }: { numbers: string[] }) {
  const t = useMessages();
  return (
    <div role="status">
      {numbers.map((number) => (
        <p key={number} className="rounded-md bg-green-50 p-2 font-medium text-green-900">
          {t('invoices.paidLive', { number })}
        </p>
      ))}
    </div>
  );
}

const isPayable = (invoice: TPortalInvoice) =>
  invoice.status === 'issued' && BigInt(invoice.balanceMinor) > 0n;

function CreditNotes({ notes }: { notes: TPortalCreditNote[] }) {
  const t = useMessages();
  const { language } = useLanguage();
  return (
    <TitledSection
      id="credit-notes-title"
      title={<Message id="creditNotes.title" />}
      className="space-y-2"
    >
      <ul className="space-y-2">
        {notes.map((note) => (
          <li key={note.cnid} className="space-y-1 rounded-md border border-slate-200 bg-white p-3">
            <h3 className="font-medium">{t('creditNotes.number', { number: note.number })}</h3>
            <p>
              {t('creditNotes.detail', {
                amount: formatMemberMoney(note.totalMinor, note.currency, language),
                invoice: note.invoiceNumber,
                date: formatMemberDay(note.issueDate, language),
              })}
            </p>
            <p className="text-sm break-words text-slate-700">
              {t('creditNotes.reason', { reason: note.reason })}
            </p>
            <a
              href={membershipApi.creditNotePdfHref(note.cnid)}
              className="inline-flex min-h-11 items-center text-sky-900 underline"
            >
              {t('creditNotes.pdf', { number: note.number })}
            </a>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}

function InvoiceItem({ invoice }: { invoice: TPortalInvoice }) {
  const t = useMessages();
  const { language } = useLanguage();
  const money = (minor: string) => formatMemberMoney(minor, invoice.currency, language);
  const isOpen = isPayable(invoice);
  return (
    <li className="space-y-1 rounded-md border border-slate-200 bg-white p-3">
      <h2 className="font-medium">{t('invoices.number', { number: invoice.number })}</h2>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="rounded bg-slate-100 px-2 py-0.5 font-medium">
          {t('invoices.status', { status: invoice.status })}
        </span>
        {invoice.isOverdue ? (
          <span className="rounded bg-red-100 px-2 py-0.5 font-medium text-red-900">
            {t('invoices.overdue')}
          </span>
        ) : null}
      </p>
      <p>{t('invoices.total', { amount: money(invoice.totalMinor) })}</p>
      {isOpen ? (
        <>
          <p className="font-medium">
            {t('invoices.balance', { amount: money(invoice.balanceMinor) })}
          </p>
          {invoice.dueDate ? (
            <p>{t('invoices.due', { date: formatMemberDay(invoice.dueDate, language) })}</p>
          ) : null}
          <InvoicePayment invoice={invoice} />
        </>
      ) : null}
      <a
        href={membershipApi.invoicePdfHref(invoice.iid)}
        className="inline-flex min-h-11 items-center text-sky-900 underline"
      >
        {t('invoices.pdf', { number: invoice.number })}
      </a>
    </li>
  );
}
