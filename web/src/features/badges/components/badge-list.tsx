import type { AgentBadge, BadgeRule } from '@contract/badges';
import { Award, Lock } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { DownloadCredentialButton } from './download-credential-button';

// Marks that stand for elements inside a message ("Earned {date}"): the message is split there, so that its words
// keep each language's order around the element. They cannot occur in a translation.
const FIRST = '\u2063';
const SECOND = '\u2064';

/**
 * Badges an agent holds, newest first: each its name, what earned it and when. `credentials`: the signed-in agent's
 * own list, each badge with its credential to download.
 */
export function HeldBadgeList({ badges, label, credentials = false, className }: { badges: AgentBadge[]; label: string; credentials?: boolean; className?: string }) {
  const t = useT(messages);
  const [earnedBefore = '', earnedAfter = ''] = t('earnedOn', { date: FIRST }).split(FIRST);
  return (
    <ul aria-label={label} className={cn('grid gap-3 md:grid-cols-2', className)}>
      {badges.map((badge) => (
        <li key={badge.id} className="flex flex-wrap items-start gap-3 rounded-lg border border-amber-200 bg-gradient-to-br from-amber-50 to-white p-3 sm:p-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white text-amber-700 ring-2 ring-amber-300">
            <Award className="size-5" aria-hidden="true" />
          </span>
          <div className="grid min-w-0 flex-1 basis-40 gap-0.5">
            <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{badge.name}</p>
            <p className="text-sm text-slate-800 [overflow-wrap:anywhere]">{badge.detail}</p>
            <p className="text-xs text-slate-600">
              {earnedBefore}
              <time dateTime={badge.awardedAt}>{formatDate(badge.awardedAt)}</time>
              {earnedAfter}
            </p>
          </div>
          {credentials && <DownloadCredentialButton badge={badge} />}
        </li>
      ))}
    </ul>
  );
}

/** Badges still to earn: the active rules the agent does not hold, shown locked. */
export function LockedBadgeList({ rules, label }: { rules: BadgeRule[]; label: string }) {
  const t = useT(messages);
  return (
    <ul aria-label={label} className="grid gap-3 md:grid-cols-2">
      {rules.map((rule) => (
        <li key={rule.id} className="flex items-start gap-3 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-3 sm:p-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-200 text-slate-600">
            <Lock className="size-4" aria-hidden="true" />
          </span>
          <div className="grid min-w-0 gap-0.5">
            <p className="font-medium text-slate-700 [overflow-wrap:anywhere]">
              {rule.name}
              <span className="sr-only"> {t('notEarnedYet')}</span>
            </p>
            <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{rule.description}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** What a downloaded credential is, and how anyone checks it. */
export function CredentialNote() {
  const t = useT(messages);
  const [beforeButton = '', rest = ''] = t('credentialNote', { button: FIRST, link: SECOND }).split(FIRST);
  const [beforeLink = '', afterLink = ''] = rest.split(SECOND);
  return (
    <p className="text-sm text-slate-700">
      {beforeButton}
      <span className="font-medium text-slate-900">{t('downloadCredential')}</span>
      {beforeLink}
      <a href="/.well-known/jwks.json" className="font-medium text-brand-700 underline underline-offset-4 [overflow-wrap:anywhere] hover:text-brand-800">
        /.well-known/jwks.json
      </a>
      {afterLink}
    </p>
  );
}
