import type { FastifyReply, FastifyRequest } from 'fastify';
import { text } from '../../contract/i18n';
import { AppError } from '../domain/errors';
import { messages } from './messages';

/** Imports one instance runs at once, whoever sends them (each holds a file of up to 20 MB and its rows). */
export const IMPORTS_AT_ONCE = 2;

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * How many imports run at once (docs/decisions/0041-import-bounds.md): one per caller (an owner's session or an API
 * token) and IMPORTS_AT_ONCE on the instance; another is refused at once with 429, never queued (a queued file would
 * still hold its memory). A slot is taken by the handler once it knows the caller, and given back when the handler
 * has finished, answered or failed: not when the client hangs up, which would let it start the next while the work
 * of the last one goes on.
 */
export class ImportSlots {
  private readonly running = new Set<string>();
  private readonly held = new WeakMap<FastifyRequest, string>();

  constructor(private readonly atOnce = IMPORTS_AT_ONCE) {}

  /** Takes the caller's slot for this request, or refuses (429). */
  take(request: FastifyRequest, callerKey: string): void {
    if (this.running.has(callerKey)) {
      throw new AppError('RATE_LIMITED', text(messages, 'importStillRunning'));
    }
    if (this.running.size >= this.atOnce) {
      throw new AppError('RATE_LIMITED', text(messages, 'otherImportsRunning'));
    }
    this.running.add(callerKey);
    this.held.set(request, callerKey);
  }

  /** The handler of an import route, giving back the slot it took when it settles. */
  guard(handler: Handler): Handler {
    return async (request, reply) => {
      try {
        return await handler(request, reply);
      } finally {
        const key = this.held.get(request);
        if (key !== undefined) {
          this.held.delete(request);
          this.running.delete(key);
        }
      }
    };
  }
}
