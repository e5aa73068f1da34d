// A real SMTP server for tests (smtp-server), each message read back with mailparser.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';

/** A real SMTP server on a port of its own; `refuse` makes it answer 451 to every recipient; `stop` closes it. */
export class MailServer {
  readonly received: ParsedMail[] = [];
  refuse = false;
  private server: SMTPServer | undefined;
  port = 0;

  async start(port = 0): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (_address, _session, callback) => {
        if (this.refuse) {
          const error = Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 });
          callback(error);
          return;
        }
        callback();
      },
      onData: (stream, _session, callback) => {
        simpleParser(stream).then(
          (mail) => {
            this.received.push(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', () => resolve()));
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** Waits until `count` emails have arrived (or fails after 20 s). */
  async waitFor(count: number): Promise<ParsedMail[]> {
    for (let i = 0; i < 400 && this.received.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(this.received.length).toBeGreaterThanOrEqual(count);
    return this.received;
  }
}
