import type { FastifyBaseLogger } from 'fastify';
import { sealAuditHead } from './db/audit-seals';
import type { Db } from './db/client';
import { PassLoop } from './notifications/pass-loop';

/** How often the head of the audit trail is sealed when rows were added (a seal is one small row). */
export const AUDIT_SEAL_EVERY_MS = 1000;

/**
 * Seals the audit trail's head every AUDIT_SEAL_EVERY_MS while the app runs, and once more when it stops
 * (docs/decisions/0037-keyed-audit-chain.md). Off the write path: a change never waits for its seal.
 */
export class AuditSealer {
  private readonly loop: PassLoop;

  constructor(
    private readonly db: Db,
    private readonly key: Buffer,
    log: FastifyBaseLogger,
    private readonly now: () => Date,
    private readonly everyMs = AUDIT_SEAL_EVERY_MS,
  ) {
    this.loop = new PassLoop(() => this.seal(), log, 'sealing the audit trail failed');
  }

  private async seal(): Promise<void> {
    await sealAuditHead(this.db, this.key, this.now());
  }

  start(): void {
    this.loop.start(this.everyMs);
  }

  /** Stops the polls and seals what the last changes appended. */
  async close(): Promise<void> {
    await this.loop.close();
    await this.seal();
  }
}
