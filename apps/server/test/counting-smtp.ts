import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

/** A message as the counting server kept it: its headers of interest, and parsed when asked. */
export type ReceivedMessage = {
  messageId: string;
  subject: string;
  to: string[];
  at: number;
  parsed?: ParsedMail;
};

export type CountingSmtp = {
  port: number;
  url: string;
  messages: ReceivedMessage[];
  /** How many times each Message-ID arrived (more than 1 is a duplicate). */
  countsByMessageId(): Map<string, number>;
  /** Stops like a crashed or restarted server: refuses connections and drops open ones (421). */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  isRunning(): boolean;
  close(): Promise<void>;
};

export type SmtpRcptHandler = (
  address: SMTPServerAddress,
  attempt: number,
) => { code: number; message: string } | null;

function header(raw: string, name: string): string {
  const match = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw);
  return match?.[1]?.replace(/\r?\n[ \t]+/g, ' ').trim() ?? '';
}

/**
 * A real SMTP server on loopback (smtp-server) for tests and benchmarks: it counts every message
 * by Message-ID, can answer RCPT TO with a chosen error (per address and attempt), and can be
 * stopped and started again on the same port, dropping its open connections like a restart.
 */
export async function startCountingSmtp(
  options: { port?: number; parse?: boolean; onRcpt?: SmtpRcptHandler } = {},
): Promise<CountingSmtp> {
  const messages: ReceivedMessage[] = [];
  const rcptAttempts = new Map<string, number>();
  let server: SMTPServer | undefined;
  let port = options.port ?? 0;

  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      closeTimeout: 50,
      size: 30 * 1024 * 1024,
      onRcptTo(address, _session, callback) {
        const attempt = (rcptAttempts.get(address.address) ?? 0) + 1;
        rcptAttempts.set(address.address, attempt);
        const answer = options.onRcpt?.(address, attempt);
        if (answer) {
          return callback(Object.assign(new Error(answer.message), { responseCode: answer.code }));
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', (error) => callback(error));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks);
          const head = raw.subarray(0, Math.max(0, raw.indexOf('\r\n\r\n'))).toString('utf8');
          const message: ReceivedMessage = {
            messageId: header(head, 'Message-ID'),
            subject: header(head, 'Subject'),
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            at: Date.now(),
          };
          if (!options.parse) {
            messages.push(message);
            return callback(null, `OK: queued as ${message.messageId}`);
          }
          simpleParser(raw)
            .then((parsed) => {
              messages.push({ ...message, parsed });
              callback(null, `OK: queued as ${message.messageId}`);
            })
            .catch((error: Error) => callback(error));
        });
      },
    });

  const start = async () => {
    const next = create();
    await new Promise<void>((resolve, reject) => {
      next.server.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        next.server.off('error', reject);
        resolve();
      });
    });
    port = (next.server.address() as AddressInfo).port;
    server = next;
  };
  const stop = async () => {
    const current = server;
    server = undefined;
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };
  await start();

  return {
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    messages,
    countsByMessageId() {
      const counts = new Map<string, number>();
      for (const message of messages) {
        counts.set(message.messageId, (counts.get(message.messageId) ?? 0) + 1);
      }
      return counts;
    },
    stop,
    start,
    isRunning: () => server !== undefined,
    close: stop,
  };
}
