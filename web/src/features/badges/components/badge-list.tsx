import type { AgentBadge, BadgeRule } from '@contract/badges';
import { Award, Lock } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format';
import { DownloadCredentialButton } from './download-credential-button';

/**
 * Badges an agent holds, newest first: each its name, what earned it and when. `credentials`: the signed-in agent's
 * own list, each badge with its credential to download.
 */
export function HeldBadgeList({ badges, label, credentials = false, className }: { badges: AgentBadge[]; label: string; credentials?: boolean; className?: string }) {
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
              Earned <time dateTime={badge.awardedAt}>{formatDate(badge.awardedAt)}</time>
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
              <span className="sr-only"> (not earned yet)</span>
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
  return (
    <p className="text-sm text-slate-700">
      Each badge is yours to keep: <span className="font-medium text-slate-900">Download credential</span> saves it as an Open Badges 3.0 verifiable
      credential, signed by your organisation, that anyone can check with the public key at{' '}
      <a href="/.well-known/jwks.json" className="font-medium text-brand-700 underline underline-offset-4 [overflow-wrap:anywhere] hover:text-brand-800">
        /.well-known/jwks.json
      </a>
      , even if you leave.
    </p>
  );
}
