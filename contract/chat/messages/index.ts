import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };

/**
 * The chat messages' words (Slack lines and Teams cards, server/domain/webhook-messages.ts) in every language
 * (docs/decisions/0093-message-catalogs.md): a channel is the team's, so they are in the organisation's language.
 */
export const chatMessages = { namespace: 'contract/chat', en, translations: { de, es, fr } } as const;
