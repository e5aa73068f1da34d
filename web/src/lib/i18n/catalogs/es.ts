import { catalogsByNamespace } from '../catalog';

// Every Spanish catalog under web/src, in one chunk loaded when German is chosen (lib/i18n/language.ts).
export default catalogsByNamespace(import.meta.glob(['../../../**/messages/es.json', '../../../../../contract/**/messages/es.json', '!../../../../../contract/emails/**', '!../../../../../contract/chat/**'], { eager: true, import: 'default' }));
