import { ShieldCheck } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { SectionCard } from '../../../components/ui/section-card';
import { useUser } from '../../../lib/auth';
import { TurnOffTwoFactorDialog } from './turn-off-two-factor-dialog';
import { TwoFactorSetupDialog } from './two-factor-setup-dialog';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/**
 * "Two-factor sign-in" on the account page of the signed-in owner or manager: whether it is on, and the way to set it
 * up or turn it off.
 */
export function TwoFactorCard() {
  const { user } = useUser();
  const t = useT(messages);
  const [settingUp, setSettingUp] = useState(false);
  const [turningOff, setTurningOff] = useState(false);
  const endSetup = useCallback(() => setSettingUp(false), []);
  const endTurningOff = useCallback(() => setTurningOff(false), []);
  if (!user) return null;
  const on = user.twoFactorEnabled;
  return (
    <SectionCard
      id="account-two-factor"
      icon={ShieldCheck}
      title={t('cardTitle')}
      description={t('cardDescription')}
    >
      <div className="grid gap-4">
        {user.twoFactorSetupRequired && (
          <Alert variant="destructive">
            <AlertDescription>{t('setupRequired')}</AlertDescription>
          </Alert>
        )}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="flex items-center gap-2 text-slate-900">
            {t('status')} <Badge variant={on ? 'success' : 'secondary'}>{on ? t('on') : t('off')}</Badge>
          </p>
          {on ? (
            <Button type="button" variant="destructive-outline" onClick={() => setTurningOff(true)}>
              {t('turnOff')}
            </Button>
          ) : (
            <Button type="button" onClick={() => setSettingUp(true)}>
              {t('setUp')}
            </Button>
          )}
        </div>
      </div>
      {settingUp && <TwoFactorSetupDialog onClose={endSetup} email={user.email} />}
      {turningOff && <TurnOffTwoFactorDialog onClose={endTurningOff} />}
    </SectionCard>
  );
}
