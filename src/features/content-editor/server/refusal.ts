/**
 * A request the endpoint refuses: its reason (shared/answers.ts, which gives the status), the
 * sentence it answers with, and the details the editor fills its own words with. Thrown anywhere
 * in the endpoint, answered by content-api.ts.
 */
import { type ContentRefusal, REFUSAL_REASONS, type RefusalReason } from '../shared/answers';

export class Refusal extends Error {
  readonly reason: RefusalReason;
  readonly details: Omit<ContentRefusal, 'error' | 'reason'>;
  constructor(reason: RefusalReason, sentence: string, details: Omit<ContentRefusal, 'error' | 'reason'> = {}) {
    super(sentence);
    this.name = 'Refusal';
    this.reason = reason;
    this.details = details;
  }

  get status(): number {
    return REFUSAL_REASONS[this.reason];
  }

  answer(): ContentRefusal {
    return { error: this.message, reason: this.reason, ...this.details };
  }
}

export const refuse = (reason: RefusalReason, sentence: string, details?: Omit<ContentRefusal, 'error' | 'reason'>): never => {
  throw new Refusal(reason, sentence, details);
};
