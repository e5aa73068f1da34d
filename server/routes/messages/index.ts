import { defineTexts } from '../../../contract/i18n';
// Written from the parent folder: eslint refuses `./` imports under server/routes (a routes file imports no other).
import en from '../messages/en.json' with { type: 'json' };

// The server/routes namespace's texts (docs/decisions/0094-texts-in-the-readers-language.md): its error messages,
// rendered in the language the request asks for.
export const messages = defineTexts('server/routes', en);
