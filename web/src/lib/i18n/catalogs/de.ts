import { catalogsByNamespace } from '../catalog';

// Every German catalog under web/src, in one chunk loaded when German is chosen (lib/i18n/language.ts).
export default catalogsByNamespace(import.meta.glob(['../../../**/messages/de.json', '../../../../../contract/**/messages/de.json', '!../../../../../contract/emails/**', '!../../../../../contract/chat/**'], { eager: true, import: 'default' }));
