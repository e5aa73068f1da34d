import { Target } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { useT } from '../../../lib/i18n/translate';
import { useGoals } from '../api/goals';
import { messages } from '../messages';
import { GoalProgress } from './goal-progress';

/**
 * "Your goals", first on the agent's dashboard: its own goals and its team's in force now, each with its pace and what
 * is left per working day. Nothing shows while there is no goal (staff set them).
 */
export function MyGoals() {
  const t = useT(messages);
  const goals = useGoals();
  const list = goals.data?.goals ?? [];
  if (list.length === 0) return null;
  const own = list.filter((goal) => goal.agentId !== null);
  const team = list.filter((goal) => goal.teamId !== null);
  return (
    <Card role="region" aria-labelledby="my-goals-heading">
      <CardHeader className="p-4 pb-3 sm:p-6 sm:pb-4">
        <h2 id="my-goals-heading" className="flex items-center gap-2 text-lg font-semibold leading-tight tracking-tight text-slate-900">
          <Target className="size-5 text-brand-600" aria-hidden="true" />
          {t('yourGoals')}
        </h2>
        <CardDescription>{t('yourGoalsText')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 p-4 pt-0 sm:p-6 sm:pt-0">
        {own.length > 0 && (
        <ul className="grid gap-3 md:grid-cols-2" aria-label={t('yourOwnGoals')}>
          {own.map((goal) => (
            <li key={goal.id}>
              <GoalProgress goal={goal} />
            </li>
          ))}
        </ul>
        )}
        {team.length > 0 && (
          <>
            <h3 className="text-sm font-semibold text-slate-900">{t('yourTeam')}</h3>
            <ul className="grid gap-3 md:grid-cols-2" aria-label={t('yourTeamGoals')}>
              {team.map((goal) => (
                <li key={goal.id}>
                  <GoalProgress goal={goal} holder={goal.holderName} />
                </li>
              ))}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}
