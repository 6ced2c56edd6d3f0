import { sql, type Kysely } from 'kysely';
import { changeFeedTriggers } from './change-feed-triggers';
import { recordColumns } from './record-columns';

/**
 * Issue 35, the public member directory. A member's entry is its own choice, made by an owner or
 * admin in the portal: off until turned on (`listed`), with the fields it shows besides the name
 * (`fields`, the contract's names) and its services. The public sees an entry only when it is
 * listed, the member active and not hidden by staff (`members.directory_visible`).
 * `member_directory_listed_idx` holds only the listed entries: the directory reads those, never
 * the 100,000 members.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
CREATE TABLE member_directory_entries (
  member_mid text PRIMARY KEY REFERENCES members (mid),
  listed boolean NOT NULL DEFAULT false,
  fields text[] NOT NULL DEFAULT ARRAY['city', 'country', 'website', 'services']
    CHECK (fields <@ ARRAY['city', 'country', 'website', 'services', 'phone']),
  services text[] NOT NULL DEFAULT '{}'
    CHECK (services <@ ARRAY['air-freight', 'sea-freight', 'road-freight', 'rail-freight',
      'multimodal', 'customs-brokerage', 'warehousing', 'project-cargo', 'dangerous-goods',
      'e-commerce']),
  ${recordColumns}
);
CREATE INDEX member_directory_listed_idx ON member_directory_entries (member_mid) WHERE listed;

${changeFeedTriggers([['member_directory_entries', 'member_mid']])}
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS member_directory_entries`.execute(db);
}
