import { defineTexts } from '../i18n';
import en from './en.json' with { type: 'json' };

// The contract namespace's texts (docs/decisions/0094-texts-in-the-readers-language.md): the shared schemas' validation
// messages, rendered in the reader's language (the screens', or the one a request asks for).
export const messages = defineTexts('contract', en);
