import { translate } from '../../../lib/i18n/translate';
import { messages } from '../messages';

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
  if (change.orgName !== undefined) said.push(translate(messages, 'summaryName', { name: change.orgName }));
  if (change.currency !== undefined || change.locale !== undefined) said.push(translate(messages, 'summaryMoney', sample()));
  if (change.requireManagerTwoFactor !== undefined) {
    said.push(change.requireManagerTwoFactor ? translate(messages, 'summaryTwoFactorOn') : translate(messages, 'summaryTwoFactorOff'));
  }
  if (change.managersRecord !== undefined) {
    said.push(change.managersRecord ? translate(messages, 'summaryRecordOn') : translate(messages, 'summaryRecordOff'));
  }
  return said.join(' ');
}
