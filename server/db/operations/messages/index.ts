import { defineTexts } from '../../../../contract/i18n';
import en from './en.json' with { type: 'json' };

// The server/db/operations namespace's texts (docs/decisions/0094-texts-in-the-readers-language.md): the refusals of
// the operations that need the database to judge (a name taken, a claim made already, an entry voided), rendered in
// the language the request asks for.
export const messages = defineTexts('server/db/operations', en);
