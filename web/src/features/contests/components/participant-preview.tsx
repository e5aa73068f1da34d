import { UsersRound } from 'lucide-react';
import { useId } from 'react';
import type { ParticipantPreview } from '../utils/participant-preview';

/** Names listed before "and N more". */
const NAMES_SHOWN = 12;

/** Before saving: how many active agents take part, and who, as the form stands now. */
export function ParticipantPreviewPanel({ preview }: { preview: ParticipantPreview }) {
  const headingId = useId();
  const { count, names, leftOut, teams, withoutTeam } = preview;
  const total = count ?? names.length;
  const more = Math.max(0, total - Math.min(names.length, NAMES_SHOWN));
  return (
    <section aria-labelledby={headingId} className="grid gap-2 rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm">
      <h3 id={headingId} className="flex items-center gap-2 font-semibold text-slate-900">
        <UsersRound className="size-4 text-brand-700" aria-hidden="true" />
        Preview: who takes part
      </h3>
      <p role="status" className="font-medium text-slate-900">
        {count === null ? 'Counting the active agents...' : count === 0 ? 'No active agent takes part yet.' : `${count} active ${count === 1 ? 'agent takes' : 'agents take'} part.`}
      </p>
      {names.length > 0 && (
        <p className="text-slate-700 [overflow-wrap:anywhere]">
          {names.slice(0, NAMES_SHOWN).join(', ')}
          {more > 0 && ` and ${more} more`}
        </p>
      )}
      {teams && (
        <p className="text-slate-700 [overflow-wrap:anywhere]">
          Team against team: {teams.length === 0 ? 'no team has an active agent taking part.' : teams.map((team) => `${team.name} (${team.count})`).join(', ')}
          {withoutTeam > 0 && `. ${withoutTeam} ${withoutTeam === 1 ? 'agent has' : 'agents have'} no team and no place when teams compete.`}
        </p>
      )}
      {leftOut.length > 0 && <p className="text-amber-900 [overflow-wrap:anywhere]">Not counted while not active: {leftOut.join(', ')}</p>}
    </section>
  );
}
