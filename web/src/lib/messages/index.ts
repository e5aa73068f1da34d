import { defineMessages } from '../i18n/catalog';
import en from './en.json';

// The lib namespace's messages (docs/decisions/0093-message-catalogs.md): the words of lib/ (periods).
export const messages = defineMessages('lib', en);
