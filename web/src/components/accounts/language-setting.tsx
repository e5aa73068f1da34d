import { LANGUAGE_NAMES, LANGUAGES, languageOfTag, type Language } from '@contract/languages';
import { Languages } from 'lucide-react';
import { useId } from 'react';
import { errorMessage } from '../../lib/api-client';
import { useT } from '../../lib/i18n/translate';
import { useOrgSettings } from '../../lib/org-settings';
import { SectionCard } from '../ui/section-card';
import { toast } from '../ui/use-toast';
import { messages } from './messages';

/**
 * The language a person reads TierTrack in (docs/product.md §12.22), on the account and profile pages: the
 * organisation's (the default), or one of the four, each named in its own language. A choice is saved at once;
 * `save` is the page's own change (PATCH /api/auth/user or /api/agents/me), which refreshes the session read that the
 * page's language follows (lib/i18n/session-language.ts).
 */
export function LanguageSetting({ value, save, pending }: { value: Language | null; save: (language: Language | null) => Promise<unknown>; pending: boolean }) {
  const t = useT(messages);
  const id = useId();
  const { locale } = useOrgSettings();
  const orgLanguage = languageOfTag(locale) ?? 'en';
  const onChange = (choice: string) => {
    const language = (LANGUAGES as readonly string[]).includes(choice) ? (choice as Language) : null;
    save(language).then(
      () => toast({ title: t('languageSaved'), description: t('languageSavedText', { language: LANGUAGE_NAMES[language ?? orgLanguage] }) }),
      (error: unknown) => toast({ title: t('error'), description: errorMessage(error, t('languageFailed')), variant: 'destructive' }),
    );
  };
  return (
    <SectionCard id="language" icon={Languages} title={t('languageTitle')} description={t('languageDescription')}>
      <div className="grid max-w-sm gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {t('languageLabel')}
        </label>
        <select
          id={id}
          value={value ?? ''}
          disabled={pending}
          onChange={(event) => onChange(event.target.value)}
          className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60"
        >
          <option value="">{t('languageOrg', { language: LANGUAGE_NAMES[orgLanguage] })}</option>
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </select>
      </div>
    </SectionCard>
  );
}
