import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };

/**
 * The notification emails' messages in every language (docs/decisions/0093-message-catalogs.md), ICU MessageFormat:
 * the server renders each email in its recipient's language (server/domain/translate.ts). Shared through contract/ so
 * that the web app could show the same words; the catalog test checks them with the screens' catalogs.
 */
export const emailMessages = { namespace: 'contract/emails', en, translations: { de, es, fr } } as const;
