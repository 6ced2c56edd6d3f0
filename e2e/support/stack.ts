/**
 * What the end-to-end tests run against: the production server (node apps/server/dist/main.js)
 * with its embedded PostgreSQL, a real SMTP server on loopback that files every message it
 * receives under E2E_DATA_PARENT/mail, and a real OpenID provider standing in for Microsoft.
 * Playwright starts this as its web server and stops it with SIGTERM, which is passed on.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { microsoftDomain } from './microsoft-domain';
import { e2eClientId, e2eClientSecret, startOidcProvider } from './oidc-provider';

const port = Number(process.env.E2E_PORT);
const dataParent = process.env.E2E_DATA_PARENT ?? '';
const mailDir = path.join(dataParent, 'mail');
fs.mkdirSync(mailDir, { recursive: true });

let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
          a.value.map((entry) => entry.address?.toLowerCase() ?? ''),
        );
        const file = path.join(mailDir, `${String(++received).padStart(5, '0')}.json`);
        fs.writeFileSync(file, JSON.stringify({ to, subject: mail.subject, text: mail.text }));
        callback();
      })
      .catch((error: Error) => callback(error));
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as AddressInfo).port;

const oidc = await startOidcProvider(`http://localhost:${port}/api/auth/microsoft/callback`);

const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: path.join(dataParent, 'data'),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
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
  void Promise.all([
    oidc.close(),
    new Promise<void>((resolve) => smtp.close(() => resolve())),
  ]).then(() => process.exit(code ?? 0));
});
