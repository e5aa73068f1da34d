import { Award, Crown, Medal, Trophy, type LucideIcon } from 'lucide-react';

export interface MedalStyle {
  /** The place it stands for (1 to 4), named in the language shown by the components ("1st place"). */
  place: number;
  icon: LucideIcon;
  row: string;
  rank: string;
  badge: string;
  /** The podium's step under the agent. */
  step: string;
}

/**
 * docs/product.md §11.7: ranks 1 to 4 get Platinum, Gold, Silver and Bronze styling. The styling stays; the words say
 * the place, not a metal, so that a Ruby agent in 4th place does not wear "Bronze" (a tier's name). Text colours keep
 * AA contrast.
 */
export const medals: MedalStyle[] = [
  {
    place: 1,
    icon: Crown,
    row: 'border-indigo-300 bg-gradient-to-r from-indigo-50 via-slate-50 to-white',
    rank: 'bg-gradient-to-br from-slate-200 to-indigo-300 text-indigo-950 ring-2 ring-indigo-400',
    badge: 'bg-indigo-100 text-indigo-900',
    step: 'border-indigo-300 bg-gradient-to-b from-indigo-100 to-slate-100 text-indigo-950',
  },
  {
    place: 2,
    icon: Trophy,
    row: 'border-amber-300 bg-gradient-to-r from-amber-50 to-white',
    rank: 'bg-gradient-to-br from-amber-200 to-amber-400 text-amber-950 ring-2 ring-amber-500',
    badge: 'bg-amber-100 text-amber-900',
    step: 'border-amber-300 bg-gradient-to-b from-amber-100 to-amber-50 text-amber-950',
  },
  {
    place: 3,
    icon: Medal,
    row: 'border-slate-300 bg-gradient-to-r from-slate-100 to-white',
    rank: 'bg-gradient-to-br from-slate-100 to-slate-300 text-slate-900 ring-2 ring-slate-400',
    badge: 'bg-slate-200 text-slate-800',
    step: 'border-slate-300 bg-gradient-to-b from-slate-200 to-slate-50 text-slate-900',
  },
  {
    place: 4,
    icon: Award,
    row: 'border-orange-300 bg-gradient-to-r from-orange-50 to-white',
    rank: 'bg-gradient-to-br from-orange-200 to-orange-400 text-orange-950 ring-2 ring-orange-500',
    badge: 'bg-orange-100 text-orange-900',
    step: 'border-orange-300 bg-gradient-to-b from-orange-100 to-orange-50 text-orange-950',
  },
];

/** The medal of a rank, for an agent who has earned one (see isPlaced). */
export const medalOf = (rank: number, placed: boolean): MedalStyle | undefined => (placed ? medals[rank - 1] : undefined);
