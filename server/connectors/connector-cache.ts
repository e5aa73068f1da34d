import type { ConnectorRow } from '../db/queries/connectors';

/** How long a connector read for a delivery serves the next ones: at 1,000 deliveries a second, one read instead of 1,000. */
export const CONNECTOR_CACHE_MS = 1_000;

/**
 * The connectors as the receiving address checks deliveries against them, read at most once a second each. Their
 * provider and credentials never change; a change of mapping reaches deliveries within the second; a connector
 * deleted or switched off meanwhile is caught by the delivery's own insert, which keeps it only while the connector
 * is there and on (insertConnectorDelivery), so staleness never lets a delivery in.
 */
export class ConnectorCache {
  private readonly kept = new Map<number, { row: ConnectorRow | undefined; until: number }>();

  constructor(
    /** The connector as the database has it now (findConnector). */
    private readonly read: (id: number) => Promise<ConnectorRow | undefined>,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  async get(id: number): Promise<ConnectorRow | undefined> {
    const now = this.clock();
    const hit = this.kept.get(id);
    if (hit && hit.until > now) return hit.row;
    const row = await this.read(id);
    // Unknown ids are not kept: anyone may send to any id, and the map would grow with them.
    if (row) this.kept.set(id, { row, until: now + CONNECTOR_CACHE_MS });
    else this.kept.delete(id);
    return row;
  }

  /** Forgets a connector (changed or deleted here, or found gone or off by a delivery's insert). */
  drop(id: number): void {
    this.kept.delete(id);
  }
}
