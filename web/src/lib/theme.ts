import { useSyncExternalStore } from 'react';

/**
 * Light or dark screens (docs/decisions/0087-dark-mode.md): the person's choice, kept in this browser, or the system's
 * preference. `dark` on <html> turns the palette over (styles.css). The TV board and its pairing screen keep their own
 * look whatever the choice.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
const STORAGE_KEY = 'tiertrack-theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

const listeners = new Set<() => void>();

function stored(): ThemeChoice {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

let choice: ThemeChoice = typeof window === 'undefined' ? 'system' : stored();

const systemDark = () => typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;

/** Puts `dark` on <html> (or takes it off) as the choice and the system say; not on the TV's pages. */
export function applyTheme(): void {
  const onTv = window.location.pathname === '/tv' || window.location.pathname.startsWith('/tv/');
  const dark = !onTv && (choice === 'dark' || (choice === 'system' && systemDark()));
  document.documentElement.classList.toggle('dark', dark);
}

/** Starts following the system's preference (for the "system" choice) and applies the theme once. */
export function startTheme(): void {
  applyTheme();
  if (typeof window.matchMedia === 'function') window.matchMedia(DARK_QUERY).addEventListener('change', applyTheme);
}

export function setThemeChoice(next: ThemeChoice): void {
  choice = next;
  try {
    if (next === 'system') window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // A browser that keeps nothing still switches for this page.
  }
  applyTheme();
  for (const listener of listeners) listener();
}

export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    () => choice,
    () => 'system',
  );
}
