import { defineTexts } from '../../../../contract/i18n';
import en from './en.json' with { type: 'json' };

// The server/domain/scim namespace's texts (docs/decisions/0094-texts-in-the-readers-language.md): the SCIM refusals'
// messages (filters, attribute paths, PATCH operations), rendered in the language the request asks for.
export const messages = defineTexts('server/domain/scim', en);
