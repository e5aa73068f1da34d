import type { AuthUser } from '@contract/auth';
import { Crown, LogOut } from 'lucide-react';
import { Button } from '../../../components/ui/button';

export default function OwnerDashboard({ user }: { user: AuthUser }) {
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-6">
          <div className="flex items-center gap-3">
            <Crown className="size-8 text-brand-600" aria-hidden="true" />
            <div>
              <h1 className="text-xl font-bold text-slate-900">TierTrack</h1>
              <p className="text-sm text-slate-600">Owner Dashboard</p>
            </div>
          </div>
          <div className="flex items-center gap-3">
            <span className="hidden text-sm text-slate-700 sm:inline">
              {user.name} · {user.role === 'owner' ? 'Owner' : 'Manager'}
            </span>
            <Button asChild variant="outline">
              <a href="/api/logout">
                <LogOut aria-hidden="true" />
                Logout
              </a>
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6" />
    </div>
  );
}
