/** Refused deliveries from senders that did not prove who they are, kept in a connector's log per minute at most. */
export const UNAUTHENTICATED_REFUSALS_LOGGED_PER_MINUTE = 60;

const MINUTE_MS = 60_000;

/**
 * How many refusals of unauthenticated deliveries each connector's log takes per minute (docs/decisions/0089): anyone
 * may send to a connector's address, and without a bound every such request would add a row to the log until the
 * 7-day prune. The first `perMinute` of each minute are logged (enough to see a misconfigured CRM); the rest are still
 * refused, not logged. Per instance, in memory, one counter per connector that exists (the receiving address looks the
 * connector up first), so the map stays as small as the connectors.
 */
export class RefusalBudget {
  private readonly windows = new Map<number, { start: number; taken: number }>();

  constructor(private readonly perMinute = UNAUTHENTICATED_REFUSALS_LOGGED_PER_MINUTE) {}

  /**
   * Whether this refusal may be logged at `nowMs`; `firstOver` is true once a minute, for the first refusal beyond
   * the budget (the caller says so once instead of once per request).
   */
  take(connectorId: number, nowMs: number): { log: boolean; firstOver: boolean } {
    let window = this.windows.get(connectorId);
    if (!window || nowMs - window.start >= MINUTE_MS || nowMs < window.start) {
      window = { start: nowMs, taken: 0 };
      this.windows.set(connectorId, window);
    }
    window.taken += 1;
    return { log: window.taken <= this.perMinute, firstOver: window.taken === this.perMinute + 1 };
  }

  /** Forgets a deleted connector's counter. */
  drop(connectorId: number): void {
    this.windows.delete(connectorId);
  }
}
