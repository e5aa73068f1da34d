import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { applyDealUpdate, dealMetricOf, type DealContext } from '../db/operations/apply-connector-deal';
import { claimConnectorDeliveries, deferConnectorDelivery, findConnector, finishConnectorDelivery, type ConnectorRow } from '../db/queries/connectors';
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

/** A delivery that keeps failing (its processing throws) is tried for this long, then given up with its reason. */
export const CONNECTOR_TRIED_FOR_MS = 3 * 24 * 60 * 60 * 1000;
const RETRY_MIN_MS = 60_000;
const RETRY_MAX_MS = 60 * 60_000;

/**
 * When a failed delivery is tried again: half its age, between a minute and an hour (a failure of a moment is retried
 * soon, one that lasts is not tried every minute for three days); undefined once it has been tried for three days.
 */
export function connectorRetryInMs(receivedAt: Date, now: Date): number | undefined {
  const age = now.getTime() - receivedAt.getTime();
  if (age >= CONNECTOR_TRIED_FOR_MS) return undefined;
  return Math.min(RETRY_MAX_MS, Math.max(RETRY_MIN_MS, Math.floor(age / 2)));
}

export const DEFAULT_CONNECTOR_WORKER_OPTIONS: ConnectorWorkerOptions = { concurrency: 4, pollMs: 1_000, leaseMs: 60_000 };

/**
 * Processes the connectors' deliveries (docs/decisions/0089-connectors.md). A delivery is kept before it is answered;
 * whichever instance claims it (FOR UPDATE SKIP LOCKED, with a lease) applies its deal updates in order, each in a
 * transaction of its own under the deal's row lock, then writes what it became into the log. A delivery whose
 * processing fails (the database went away) is processed again later, from its first update: the updates are
 * idempotent (a deal already recorded is not recorded again), so at least once is exactly once. It is tried again
 * after half its age (a minute to an hour, connectorRetryInMs), with the failure in its outcome, and given up after
 * three days.
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
                // Processed again later, from the first update (those done are found done); given up after three days.
                const reason = error instanceof Error ? error.message.slice(0, 300) : 'processing failed';
                const retryInMs = connectorRetryInMs(delivery.receivedAt, this.now());
                this.log.error({ err: error, deliveryId: delivery.id, retryInMs }, retryInMs === undefined ? 'a connector delivery failed for three days: given up' : 'processing a connector delivery failed');
                try {
                  await deferConnectorDelivery(
                    this.db,
                    delivery.id,
                    retryInMs === undefined ? `given up after three days of failures: ${reason}` : `not processed yet (tried again in ${Math.round(retryInMs / 60_000)} min): ${reason}`,
                    retryInMs === undefined ? 'givenUp' : { retryInMs },
                  );
                } catch (failure) {
                  // Left to its lease: taken again when it runs out.
                  this.log.error({ err: failure, deliveryId: delivery.id }, 'recording a connector delivery failure failed');
                }
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
