import { Route, Switch } from 'wouter';
import { LandingPage } from './pages/landing-page';
import { NotFoundPage } from './pages/not-found-page';
import { paths } from './paths';

export function AppRouter() {
  return (
    <Switch>
      <Route path={paths.home} component={LandingPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
