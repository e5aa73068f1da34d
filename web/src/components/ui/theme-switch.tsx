import { Monitor, Moon, Sun } from 'lucide-react';
import { setThemeChoice, THEME_CHOICES, useThemeChoice, type ThemeChoice } from '../../lib/theme';
import { useT } from '../../lib/i18n/translate';
import { messages } from './messages';

const icons: Record<ThemeChoice, typeof Sun> = { system: Monitor, light: Sun, dark: Moon };

/** A header button that goes through the looks: as the system says, light, dark (lib/theme.ts). */
export function ThemeSwitch() {
  const choice = useThemeChoice();
  const t = useT(messages);
  const next = THEME_CHOICES[(THEME_CHOICES.indexOf(choice) + 1) % THEME_CHOICES.length]!;
  const Icon = icons[choice];
  const label = t('theme', { current: choice, next });
  return (
    <button
      type="button"
      onClick={() => setThemeChoice(next)}
      aria-label={label}
      title={label}
      className="inline-flex size-9 items-center justify-center rounded-md border border-slate-200 bg-white text-slate-700 hover:bg-slate-100 hover:text-slate-900"
    >
      <Icon className="size-4" aria-hidden="true" />
    </button>
  );
}
