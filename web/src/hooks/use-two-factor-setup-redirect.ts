import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../config/paths';
import { userQueryOptions } from '../lib/auth';

/**
 * A manager whose organisation requires two-factor sign-in, and who has not set it up, can do nothing else until then
 * (the server answers 403 elsewhere): every screen sends them to the account page, where it is set up. It reads the
 * signed-in user only from the cache (pages that need the user read it), so it adds no request to any page.
 */
export function useTwoFactorSetupRedirect() {
  const { data: user } = useQuery({ ...userQueryOptions, enabled: false });
  const [location, navigate] = useLocation();
  const required = user?.twoFactorSetupRequired === true;
  useEffect(() => {
    if (required && location !== paths.account && location !== paths.login) navigate(paths.account, { replace: true });
  }, [required, location, navigate]);
}
