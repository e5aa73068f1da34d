import type { MyProfile } from '@contract/insight';
import { useId } from 'react';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateMyProfile } from '../api/my-profile';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/**
 * "Show me on public boards" (PATCH /api/agents/me {publicProfile}), saved as it is switched. Off, other agents (their
 * rank cards) and the office TV show "Anonymous agent" instead of the name; the owner and managers always see it.
 */
export function PublicProfileSetting({ profile }: { profile: MyProfile }) {
  const id = useId();
  const update = useUpdateMyProfile();
  const t = useT(messages);
  // What was asked shows at once; a refusal puts the stored choice back.
  const shown = update.isPending && update.variables.publicProfile !== undefined ? update.variables.publicProfile : profile.publicProfile;

  const onChange = (publicProfile: boolean) => {
    if (update.isPending) return;
    update.mutate(
      { publicProfile },
      {
        onSuccess: (saved) =>
          toast({
            title: saved.publicProfile ? t('shownTitle') : t('hiddenTitle'),
            description: saved.publicProfile ? t('shownDescription') : t('hiddenDescription'),
            variant: 'success',
          }),
        onError: (error) =>
          toast({ title: t('error'), description: errorMessage(error, t('updateFailed')), variant: 'destructive' }),
      },
    );
  };

  return (
    <div className="grid gap-3">
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-1">
          <Label htmlFor={id} className="cursor-pointer text-base">
            {t('showMeLabel')}
          </Label>
          <p id={`${id}-hint`} className="text-sm text-slate-700">
            {t('showMeHint')}
          </p>
        </div>
        <Switch id={id} checked={shown} onCheckedChange={onChange} aria-describedby={`${id}-hint ${id}-state`} />
      </div>
      <p id={`${id}-state`} role="status" className="text-sm font-medium text-slate-900">
        {shown ? t('stateOn') : t('stateOff')}
      </p>
    </div>
  );
}
