import { defineTexts } from '../../../contract/i18n';
import en from './en.json' with { type: 'json' };

// The server/routes namespace's texts (docs/decisions/0094-texts-in-the-readers-language.md): its error messages,
// rendered in the language the request asks for.
export const messages = defineTexts('server/routes', en);
