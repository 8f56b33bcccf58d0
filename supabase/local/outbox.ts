/** Every e-mail auth would send, kept in memory (GET /_local/outbox) and printed. */
export interface Mail {
  to: string;
  subject: string;
  type: string;
  link: string;
  sentAt: string;
}

export class Outbox {
  readonly mails: Mail[] = [];
  constructor(private readonly print: (line: string) => void) {}

  add(mail: Omit<Mail, 'sentAt'>): void {
    const entry = { ...mail, sentAt: new Date().toISOString() };
    this.mails.push(entry);
    this.print(`mail to ${entry.to}: ${entry.subject}\n  ${entry.link}`);
  }
}
