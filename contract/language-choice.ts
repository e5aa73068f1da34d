import { z } from 'zod';
import { LANGUAGES } from './languages';

export const LANGUAGE_MESSAGE = `language must be one of ${LANGUAGES.join(', ')}, or null for the organisation's`;

/** A person's choice in a request (PATCH /api/auth/user, PATCH /api/agents/me): one of the languages, or null to follow the organisation's. */
export const languageChoice = z.enum(LANGUAGES, { error: LANGUAGE_MESSAGE }).nullable();
