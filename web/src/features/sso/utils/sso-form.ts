import { ssoSettingsInput, type SsoSettingsInput, type SsoSettingsView } from '@contract/sso';
import { translate } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/** The company sign-in form as typed: the domains as one text (commas or lines), the optional fields empty when unused. */
export interface SsoForm {
  issuer: string;
  clientId: string;
  /** Empty: keep the saved secret (when there is one). */
  clientSecret: string;
  label: string;
  allowedDomains: string;
  roleClaim: string;
  managerValue: string;
  required: boolean;
}

export type SsoField = keyof SsoForm;
export type SsoErrors = Partial<Record<SsoField, string>>;

/** The fields in the order they are on screen: the first refused one takes the focus. */
export const SSO_FIELDS: readonly SsoField[] = ['issuer', 'clientId', 'clientSecret', 'label', 'allowedDomains', 'roleClaim', 'managerValue', 'required'];

/** The form once company sign-in is removed: nothing set up. */
export const EMPTY_SSO_FORM: SsoForm = {
  issuer: '',
  clientId: '',
  clientSecret: '',
  label: '',
  allowedDomains: '',
  roleClaim: '',
  managerValue: '',
  required: false,
};

/** The form of what is saved (an empty one while company sign-in is not set up). */
export function formOf(saved: SsoSettingsView): SsoForm {
  return {
    issuer: saved.issuer ?? '',
    clientId: saved.clientId ?? '',
    clientSecret: '',
    label: saved.label ?? '',
    allowedDomains: saved.allowedDomains.join('\n'),
    roleClaim: saved.roleClaim ?? '',
    managerValue: saved.managerValue ?? '',
    required: saved.required,
  };
}

/** The domains of "acme.com, acme.co.uk" or one a line; a leading @ (as in "@acme.com") is forgiven. */
export function splitDomains(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((domain) => domain.replace(/^@+/, ''))
    .filter((domain) => domain !== '');
}

/** What PUT /api/owner/sso is sent: no clientSecret when left empty (the saved one stays), null for unused role fields. */
export function inputOf(form: SsoForm): SsoSettingsInput {
  return {
    issuer: form.issuer.trim(),
    clientId: form.clientId.trim(),
    ...(form.clientSecret === '' ? {} : { clientSecret: form.clientSecret }),
    label: form.label.trim(),
    allowedDomains: splitDomains(form.allowedDomains),
    roleClaim: form.roleClaim.trim() || null,
    managerValue: form.managerValue.trim() || null,
    required: form.required,
  };
}

/** The form field a refused request's issue is about: "allowedDomains.2" is the domains' third. */
export function fieldOfIssue(path: string): SsoField | undefined {
  const head = path.split('.')[0];
  return SSO_FIELDS.find((field) => field === head);
}

/**
 * The contract's rules (contract/sso.ts), checked before sending, and the server's rule for the secret: it stays only
 * while the issuer and the client id stay the same. Answers the input to send, or the errors by field.
 */
export function checkSsoForm(form: SsoForm, saved: SsoSettingsView): { input: SsoSettingsInput } | { errors: SsoErrors } {
  const input = inputOf(form);
  const errors: SsoErrors = {};
  const parsed = ssoSettingsInput.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOfIssue(issue.path.map(String).join('.'));
      if (!field || errors[field]) continue;
      const index = field === 'allowedDomains' ? issue.path[1] : undefined;
      const domain = typeof index === 'number' ? input.allowedDomains[index] : undefined;
      errors[field] = domain === undefined ? issue.message : `${domain}: ${issue.message}`;
    }
  }
  if (input.clientSecret === undefined) {
    const sameClient = parsed.success && saved.hasSecret && parsed.data.issuer === saved.issuer && parsed.data.clientId === saved.clientId;
    if (!saved.hasSecret) errors.clientSecret ??= translate(messages, 'secretNeeded');
    else if (parsed.success && !sameClient) errors.clientSecret ??= translate(messages, 'secretAgain');
  }
  return Object.keys(errors).length > 0 ? { errors } : { input };
}

/** Whether the form still shows what is saved (an unsaved set-up is never "unchanged"). */
export function isUnchanged(form: SsoForm, saved: SsoSettingsView): boolean {
  if (!saved.configured) return false;
  const initial = formOf(saved);
  return SSO_FIELDS.every((field) => (field === 'allowedDomains' ? splitDomains(form.allowedDomains).join() === saved.allowedDomains.join() : form[field] === initial[field]));
}
