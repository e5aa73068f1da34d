/** What the organisation settings form changed, as the form sends it. */
export interface SettingsChange {
  orgName?: string;
  currency?: string;
  locale?: string;
  requireManagerTwoFactor?: boolean;
  managersRecord?: boolean;
}

/**
 * The "Settings saved" toast's words: only what changed (a switch of the managers' second factor says nothing of money),
 * with money and dates as they now read (`sample`, written after the change took effect).
 */
export function savedSummary(change: SettingsChange, sample: () => { money: string; date: string }): string {
  const said: string[] = [];
  if (change.orgName !== undefined) said.push(`The organisation is now called ${change.orgName}.`);
  if (change.currency !== undefined || change.locale !== undefined) {
    const { money, date } = sample();
    said.push(`Money now reads ${money}, dates ${date}.`);
  }
  if (change.requireManagerTwoFactor !== undefined) {
    said.push(change.requireManagerTwoFactor ? 'Managers now need a second factor to sign in.' : 'Managers no longer need a second factor to sign in.');
  }
  if (change.managersRecord !== undefined) {
    said.push(change.managersRecord ? 'Managers may now record entries, voids and claims for their teams.' : 'Managers now watch only: they no longer record entries, voids or claims.');
  }
  return said.join(' ');
}
