/**
 * What the end-to-end tests run against: the production server (node apps/server/dist/main.js)
 * with its embedded PostgreSQL, a real SMTP server on loopback that files every message it
 * receives under E2E_DATA_PARENT/mail, and a real OpenID provider standing in for Microsoft.
 * Playwright starts this as its web server and stops it with SIGTERM, which is passed on.
 * The throwaway E2E_DATA_PARENT is deleted here, once the server has exited: Playwright runs
 * its global teardown before it stops the web server, and deleting the folder there raced with
 * a PostgreSQL still writing its WAL (ENOTEMPTY on pg_wal, a failed run after 240 passed tests).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startMailbox } from '../../apps/server/test/mailbox';
import { microsoftDomain } from './microsoft-domain';
import { e2eClientId, e2eClientSecret, startOidcProvider } from './oidc-provider';

const port = Number(process.env.E2E_PORT);
const dataParent = process.env.E2E_DATA_PARENT ?? '';
const mailDir = path.join(dataParent, 'mail');
fs.mkdirSync(mailDir, { recursive: true });

let received = 0;
const mailbox = await startMailbox({
  onMessage: (mail, to) => {
    const file = path.join(mailDir, `${String(++received).padStart(5, '0')}.json`);
    // Written aside, then renamed into place: a test reading the folder meanwhile must never
    // see half a file (it did once, under load: "Unexpected end of JSON input").
    // Attachments by name, type and first bytes (a PDF starts "%PDF"), not their content.
    const attachments = mail.attachments.map((attachment) => ({
      filename: attachment.filename ?? null,
      contentType: attachment.contentType,
      size: attachment.size,
      head: attachment.content.subarray(0, 5).toString('latin1'),
    }));
    fs.writeFileSync(
      `${file}.part`,
      JSON.stringify({ to, subject: mail.subject, text: mail.text, attachments }),
    );
    fs.renameSync(`${file}.part`, file);
  },
});

const oidc = await startOidcProvider(`http://localhost:${port}/api/auth/microsoft/callback`);

const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(port),
    PORTAL_PORT: process.env.E2E_PORTAL_PORT,
    DATA_DIR: path.join(dataParent, 'data'),
    SMTP_URL: mailbox.url,
    MICROSOFT_ISSUER: oidc.issuer,
    MICROSOFT_CLIENT_ID: e2eClientId,
    MICROSOFT_CLIENT_SECRET: e2eClientSecret,
    MICROSOFT_DOMAINS: microsoftDomain,
  },
});

const stop = (signal: NodeJS.Signals) => {
  server.kill(signal);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  void Promise.all([oidc.close(), mailbox.close()]).then(() => {
    if (dataParent) fs.rmSync(dataParent, { recursive: true, force: true, maxRetries: 5 });
    process.exit(code ?? 0);
  });
});
