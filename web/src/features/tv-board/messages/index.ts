import { defineMessages } from '../../../lib/i18n/catalog';
import en from './en.json';

// The features/tv-board namespace's messages (docs/decisions/0093-message-catalogs.md); de, es and fr load when chosen.
export const messages = defineMessages('features/tv-board', en);
