import { catalogsByNamespace } from '../catalog';
import { pseudoMessages } from '../pseudo';

// The pseudo-locale, made from every English catalog when a test or a developer asks for it (?lang=pseudo).
const english = catalogsByNamespace(import.meta.glob(['../../../**/messages/en.json', '../../../../../contract/**/messages/en.json', '!../../../../../contract/emails/**', '!../../../../../contract/chat/**'], { eager: true, import: 'default' }));
export default new Map([...english].map(([namespace, messages]) => [namespace, pseudoMessages(messages)]));
