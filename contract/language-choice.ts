import { z } from 'zod';
import { text, zodText } from './i18n';
import { LANGUAGES } from './languages';
import { messages } from './messages';

export const LANGUAGE_MESSAGE = text(messages, 'languageChoice', { languages: LANGUAGES.join(', ') });

/** A person's choice in a request (PATCH /api/auth/user, PATCH /api/agents/me): one of the languages, or null to follow the organisation's. */
export const languageChoice = z.enum(LANGUAGES, zodText(LANGUAGE_MESSAGE)).nullable();
