import { centsToMoneyString } from '@contract/cents';
import { calculateProfitCents, exactProfitDecimal, formatPercentage, parsePercentage, parseWeeklyAmount } from '@contract/calculator';
import { formatCents, formatPreciseCurrency } from '../../../lib/format';

/**
 * A row's profit worked out in words from the numbers it shows (docs/product.md §11.10), so that the owner can check
 * it by hand: "$1,500.00 × 12.5% = $187.50", with the exact value when the cent was rounded. Null while the row has no
 * weekly amount or a bad value (the field says what is wrong).
 */
export function profitFormula(weeklyAmount: string, percentage: string): string | null {
  const weeklyCents = parseWeeklyAmount(weeklyAmount);
  if (weeklyCents === null || weeklyCents === 0n) return null;
  if (weeklyCents < 0n) return `Deduction: ${formatCents(weeklyCents)} is recorded as it is; the percentage is not used.`;
  const exactPercentage = parsePercentage(percentage);
  if (exactPercentage === null) return null;
  const profitCents = calculateProfitCents(weeklyCents, exactPercentage);
  const exact = exactProfitDecimal(weeklyCents, exactPercentage);
  const product = `${formatCents(weeklyCents)} × ${formatPercentage(exactPercentage)}%`;
  if (exact === centsToMoneyString(profitCents)) return `${product} = ${formatCents(profitCents)}`;
  return `${product} = ${formatPreciseCurrency(exact)}, rounded to ${formatCents(profitCents)}`;
}
