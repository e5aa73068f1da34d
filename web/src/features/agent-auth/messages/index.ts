import { defineMessages } from '../../../lib/i18n/catalog';
import en from './en.json';

// The features/agent-auth namespace's messages (docs/decisions/0093-message-catalogs.md); de, es and fr load when chosen.
// The agent registration page (app/pages/agent-register-page.tsx) uses them too.
export const messages = defineMessages('features/agent-auth', en);
