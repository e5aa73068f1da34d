import { centsToMoneyString } from '@contract/cents';
import { calculateProfitCents, exactProfitDecimal, formatPercentage, parsePercentage, parseWeeklyAmount } from '@contract/calculator';
import { formatCents, formatCount, formatPreciseCurrency } from '../../../lib/format';
import { translate } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/**
 * A row's profit worked out in words from the numbers it shows (docs/product.md §11.10), so that the owner can check
 * it by hand: "$1,500.00 × 12.5% = $187.50", with the exact value when the cent was rounded. Null while the row has no
 * weekly amount or a bad value (the field says what is wrong).
 */
export function profitFormula(weeklyAmount: string, percentage: string): string | null {
  const weeklyCents = parseWeeklyAmount(weeklyAmount);
  if (weeklyCents === null || weeklyCents === 0n) return null;
  if (weeklyCents < 0n) return translate(messages, 'deductionFormula', { amount: formatCents(weeklyCents) });
  const exactPercentage = parsePercentage(percentage);
  if (exactPercentage === null) return null;
  const profitCents = calculateProfitCents(weeklyCents, exactPercentage);
  const exact = exactProfitDecimal(weeklyCents, exactPercentage);
  // At most two decimals (PERCENTAGE_MAX_DECIMALS): a number holds it exactly enough to be written the reader's way.
  const values = { amount: formatCents(weeklyCents), percentage: formatCount(Number(formatPercentage(exactPercentage))), profit: formatCents(profitCents) };
  if (exact === centsToMoneyString(profitCents)) return translate(messages, 'formula', values);
  return translate(messages, 'formulaRounded', { ...values, exact: formatPreciseCurrency(exact) });
}
