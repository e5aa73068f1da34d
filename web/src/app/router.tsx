import { lazy, Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { ErrorBoundary } from '../components/ui/error-boundary';
import { Spinner } from '../components/ui/spinner';
import { HomePage } from './pages/home-page';
import { NotFoundPage } from './pages/not-found-page';
import { paths } from '../config/paths';
import { useOrgSettings } from '../lib/org-settings';
import { useLanguage } from '../lib/i18n/language';
import { useTwoFactorSetupRedirect } from '../hooks/use-two-factor-setup-redirect';

// Agent screens are split from the landing page's bundle.
const AgentPortalPage = lazy(() => import('./pages/agent-portal-page'));
const AgentRegisterPage = lazy(() => import('./pages/agent-register-page'));
const AgentDashboardPage = lazy(() => import('./pages/agent-dashboard-page'));
const AgentProfilePage = lazy(() => import('./pages/agent-profile-page'));
const TestLoginPage = lazy(() => import('./pages/test-login-page'));
const LoginPage = lazy(() => import('./pages/login-page'));
const ResetPasswordPage = lazy(() => import('./pages/reset-password-page'));
const ForgotPasswordPage = lazy(() => import('./pages/forgot-password-page'));
// The office-screen board: visitors of every other page never download it.
const TvBoardPage = lazy(() => import('./pages/tv-board-page'));
const TvPairingPage = lazy(() => import('./pages/tv-pairing-page'));
// One agent's history, entries, tiers and claims, for owners and managers: charts stay out of the dashboard's first screen.
const AgentDetailPage = lazy(() => import('./pages/agent-detail-page'));
// The owner's or manager's account: password and signed-in devices.
const AccountPage = lazy(() => import('./pages/account-page'));

export function AppRouter() {
  // Every screen renders again when the organisation's currency, locale or name change (lib/format.ts follows them).
  useOrgSettings();
  // And again when the language changes (lib/i18n/language.ts).
  useLanguage();
  useTwoFactorSetupRedirect();
  const [location] = useLocation();
  return (
    <ErrorBoundary part="this page" resetKey={location}>
      <Suspense fallback={<Spinner label="Loading..." />}>
        <Switch>
          <Route path={paths.home} component={HomePage} />
          <Route path={paths.login} component={LoginPage} />
          <Route path={paths.resetPassword} component={ResetPasswordPage} />
          <Route path={paths.forgotPassword} component={ForgotPasswordPage} />
          <Route path={paths.agentPortal} component={AgentPortalPage} />
          <Route path={paths.agentRegister} component={AgentRegisterPage} />
          <Route path={paths.agentDashboard} component={AgentDashboardPage} />
          <Route path={paths.agentProfile} component={AgentProfilePage} />
          <Route path={paths.testLogin} component={TestLoginPage} />
          <Route path={paths.tvPairing} component={TvPairingPage} />
          <Route path={paths.tvBoard} component={TvBoardPage} />
          <Route path={paths.account} component={AccountPage} />
          <Route path={paths.agentDetail} component={AgentDetailPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </ErrorBoundary>
  );
}
