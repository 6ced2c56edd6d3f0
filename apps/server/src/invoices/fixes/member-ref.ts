import type { TFixMemberRef } from '@ops/contract';
import { sql } from 'kysely';
import type { MemberStatus } from '../../db/schema';

/** A member as findings name it, read with `memberRefColumns` (alias `m`). */
export type MemberRefRow = {
  mid: string;
  number: string;
  legal_name: string;
  status: MemberStatus;
  email: string | null;
  paid_through_year: number | null;
  deleted_at: Date | null;
  version: number;
};

export const memberRefColumns = sql`m.mid, m.number, m.legal_name, m.status, m.email,
  m.paid_through_year, m.deleted_at, m.version`;

export function toMemberRef(row: MemberRefRow): TFixMemberRef {
  return {
    mid: row.mid,
    number: row.number,
    legalName: row.legal_name,
    status: row.status,
    email: row.email,
    paidThroughYear: row.paid_through_year,
    isDeleted: row.deleted_at !== null,
    version: row.version,
  };
}
