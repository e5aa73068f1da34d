import { AgentSignInRequired } from '../../../components/layouts/agent-sign-in-required';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/** docs/product.md §11.14: what the tier dashboard shows when the tier data cannot be read. */
export function AuthenticationRequired() {
  const t = useT(messages);
  return (
    <AgentSignInRequired
      subtitle={t('tierDashboard')}
      title={t('authRequiredTitle')}
      message={t('authRequiredMessage')}
      action={t('loginToContinue')}
    />
  );
}
