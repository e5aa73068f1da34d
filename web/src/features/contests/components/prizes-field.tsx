import { PRIZE_PLACES_MAX, PRIZE_TEXT_MAX } from '../utils/contest-limits';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { formatCurrency } from '../../../lib/format';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { useRewardChoices } from '../api/reward-options';
import type { PrizeRow } from '../utils/contest-form';
import { placeName } from '../utils/contest-text';
import { LabelledSelect } from './labelled-select';

/**
 * Prizes per place, from 1st: what the winner gets in words and, optionally, a reward option (then the winner claims
 * it with where to send it, and it is processed as a tier's claim); a prize without one is given in person.
 */
export function PrizesField({ prizes, onChange, disabled, error }: { prizes: PrizeRow[]; onChange: (prizes: PrizeRow[]) => void; disabled: boolean; error: string | undefined }) {
  const t = useT(messages);
  const choices = useRewardChoices(prizes.length > 0);
  const set = (index: number, change: Partial<PrizeRow>) => onChange(prizes.map((prize, i) => (i === index ? { ...prize, ...change } : prize)));
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{t('prizes')}</legend>
      {prizes.length === 0 && <p className="text-sm text-slate-700">{t('noPrizes')}</p>}
      {prizes.map((prize, index) => {
        const place = placeName(index + 1);
        return (
          <div key={index} className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,14rem)_auto] sm:items-end">
            <FormField label={t('placePrize', { place })} error={error && prize.text.trim() === '' ? t('describePrize') : undefined}>
              <Input value={prize.text} maxLength={PRIZE_TEXT_MAX} disabled={disabled} placeholder={t('prizePlaceholder', { amount: formatCurrency(100) })} onChange={(event) => set(index, { text: event.target.value })} />
            </FormField>
            <LabelledSelect label={t('rewardFor', { place })} value={prize.rewardOptionId} disabled={disabled} onChange={(rewardOptionId) => set(index, { rewardOptionId })}>
              <option value="">{t('givenInPerson')}</option>
              {prize.rewardOptionId !== '' && !choices.groups.some((group) => group.options.some((option) => String(option.id) === prize.rewardOptionId)) && (
                <option value={prize.rewardOptionId}>{choices.pending ? t('loading') : t('rewardGone')}</option>
              )}
              {choices.groups.map((group) => (
                <optgroup key={group.tierName} label={group.tierName}>
                  {group.options.map((option) => (
                    <option key={option.id} value={String(option.id)}>
                      {option.isActive ? option.title : t('optionInactive', { title: option.title })}
                    </option>
                  ))}
                </optgroup>
              ))}
            </LabelledSelect>
            <Button
              variant="ghost"
              size="icon"
              className="justify-self-end"
              disabled={disabled}
              aria-label={t('removePlace', { place })}
              onClick={() => onChange(prizes.filter((_, i) => i !== index))}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        );
      })}
      {error && <p className="text-sm font-medium text-red-700">{error}</p>}
      {prizes.length < PRIZE_PLACES_MAX && (
        <Button variant="outline" size="sm" className="justify-self-start" disabled={disabled} onClick={() => onChange([...prizes, { text: '', rewardOptionId: '' }])}>
          <Plus aria-hidden="true" />
          {t('addPrize', { place: placeName(prizes.length + 1) })}
        </Button>
      )}
    </fieldset>
  );
}
