import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { applyDealUpdate, dealMetricOf, type DealContext } from '../db/operations/apply-connector-deal';
import { claimConnectorDeliveries, findConnector, finishConnectorDelivery, type ConnectorRow } from '../db/queries/connectors';
import { readOrganisationSettings } from '../db/queries/settings';
import type { DealUpdate } from '../domain/connectors/types';
import { PassLoop } from '../notifications/pass-loop';

export interface ConnectorWorkerOptions {
  /** Deliveries this instance processes at once (each takes a connection while it runs). */
  concurrency: number;
  /** How often the inbox is looked at without being woken (other instances' deliveries, expired leases). */
  pollMs: number;
  /** How long a claimed delivery is this instance's: past it, another instance takes it over. */
  leaseMs: number;
}

/** What a delivery keeps for the worker: its deal updates and the notes made reading it (events skipped). */
export interface KeptUpdates {
  updates: DealUpdate[];
  notes: string[];
}

export const DEFAULT_CONNECTOR_WORKER_OPTIONS: ConnectorWorkerOptions = { concurrency: 4, pollMs: 1_000, leaseMs: 60_000 };

/**
 * Processes the connectors' deliveries (docs/decisions/0089-connectors.md). A delivery is kept before it is answered;
 * whichever instance claims it (FOR UPDATE SKIP LOCKED, with a lease) applies its deal updates in order, each in a
 * transaction of its own under the deal's row lock, then writes what it became into the log. A delivery whose
 * processing fails (the database went away) is left to its lease and processed again: the updates are idempotent
 * (a deal already recorded is not recorded again), so at least once is exactly once.
 */
export class ConnectorWorker {
  private readonly loop: PassLoop;

  constructor(
    private readonly db: Db,
    private readonly options: ConnectorWorkerOptions,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
    private readonly timeZone: string,
  ) {
    this.loop = new PassLoop(() => this.pass(), log, 'connector pass failed');
  }

  start(): void {
    this.loop.start(this.options.pollMs);
  }

  /** A delivery was kept here: process it without waiting for the next poll. */
  kick(): void {
    this.loop.kick();
  }

  /** Resolves once no pass is under way. */
  idle(): Promise<void> {
    return this.loop.idle();
  }

  close(): Promise<void> {
    return this.loop.close();
  }

  private async pass(): Promise<void> {
    const connectors = new Map<number, { connector: ConnectorRow | undefined; metric: DealContext['metric'] }>();
    const settings = await readOrganisationSettings(this.db);
    while (!this.loop.closed) {
      const claimed = await claimConnectorDeliveries(this.db, this.options.concurrency * 8, this.options.leaseMs);
      if (claimed.length === 0) return;
      // Deliveries of one deal must apply in the order they came; by connector they are independent, so each
      // connector's deliveries run in order, several connectors at once.
      const byConnector = new Map<number, typeof claimed>();
      for (const delivery of claimed) byConnector.set(delivery.connectorId, [...(byConnector.get(delivery.connectorId) ?? []), delivery]);
      const lanes = [...byConnector.entries()];
      await Promise.all(
        Array.from({ length: Math.min(this.options.concurrency, lanes.length) }, async () => {
          for (let lane = lanes.shift(); lane; lane = lanes.shift()) {
            const [connectorId, deliveries] = lane;
            if (!connectors.has(connectorId)) {
              const connector = await findConnector(this.db, connectorId);
              connectors.set(connectorId, { connector, metric: connector ? await dealMetricOf(this.db, connector) : null });
            }
            const { connector, metric } = connectors.get(connectorId)!;
            for (const delivery of deliveries) {
              const kept = (delivery.updates ?? {}) as Partial<KeptUpdates>;
              const updates = kept.updates ?? [];
              const lines: string[] = [...(kept.notes ?? [])];
              try {
                for (const update of updates) {
                  lines.push(
                    connector
                      ? await applyDealUpdate(this.db, connector, update, { now: this.now(), timeZone: this.timeZone, metric, money: settings })
                      : `deal ${update.dealId}: the connector is gone`,
                  );
                }
              } catch (error) {
                // Left to its lease: processed again later, from the first update (those done are found done).
                this.log.error({ err: error, deliveryId: delivery.id }, 'processing a connector delivery failed');
                continue;
              }
              await finishConnectorDelivery(this.db, delivery.id, lines.length > 0 ? lines.join('\n') : 'no deal in it');
            }
          }
        }),
      );
    }
  }
}
