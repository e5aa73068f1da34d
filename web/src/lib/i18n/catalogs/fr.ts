import { catalogsByNamespace } from '../catalog';

// Every French catalog under web/src, in one chunk loaded when German is chosen (lib/i18n/language.ts).
export default catalogsByNamespace(import.meta.glob(['../../../**/messages/fr.json', '../../../../../contract/**/messages/fr.json', '!../../../../../contract/emails/**', '!../../../../../contract/chat/**'], { eager: true, import: 'default' }));
