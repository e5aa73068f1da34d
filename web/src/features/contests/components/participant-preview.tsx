import { UsersRound } from 'lucide-react';
import { useId } from 'react';
import { formatCount } from '../../../lib/format';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import type { ParticipantPreview } from '../utils/participant-preview';

/** Names listed before "and N more". */
const NAMES_SHOWN = 12;

/** Before saving: how many active agents take part, and who, as the form stands now. */
export function ParticipantPreviewPanel({ preview }: { preview: ParticipantPreview }) {
  const t = useT(messages);
  const headingId = useId();
  const { count, names, leftOut, teams, withoutTeam } = preview;
  const total = count ?? names.length;
  const more = Math.max(0, total - Math.min(names.length, NAMES_SHOWN));
  return (
    <section aria-labelledby={headingId} className="grid gap-2 rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm">
      <h3 id={headingId} className="flex items-center gap-2 font-semibold text-slate-900">
        <UsersRound className="size-4 text-brand-700" aria-hidden="true" />
        {t('previewHeading')}
      </h3>
      <p role="status" className="font-medium text-slate-900">
        {count === null ? t('countingAgents') : count === 0 ? t('noAgentTakesPart') : t('agentsTakePart', { count })}
      </p>
      {names.length > 0 && (
        <p className="text-slate-700 [overflow-wrap:anywhere]">
          {more > 0 ? t('namesAndMore', { names: names.slice(0, NAMES_SHOWN).join(', '), more: formatCount(more) }) : names.slice(0, NAMES_SHOWN).join(', ')}
        </p>
      )}
      {teams && (
        <p className="text-slate-700 [overflow-wrap:anywhere]">
          {t('teamAgainstTeam', {
            teams: teams.length === 0 ? t('noTeamTakesPart') : teams.map((team) => t('teamWithCount', { name: team.name, count: formatCount(team.count) })).join(', '),
            without: withoutTeam,
          })}
        </p>
      )}
      {leftOut.length > 0 && <p className="text-amber-900 [overflow-wrap:anywhere]">{t('notCounted', { names: leftOut.join(', ') })}</p>}
    </section>
  );
}
