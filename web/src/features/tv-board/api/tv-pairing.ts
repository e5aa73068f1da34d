import type { TvPairingRequest, TvPairingStatus } from '@contract/tv-links';
import { useEffect, useState } from 'react';
import { ApiError, apiJson } from '../../../lib/api-client';

/** The pairing this screen waits with survives a reload (same code on screen), not the tab. */
const STORAGE_KEY = 'tiertrack.tv-pairing';
/** After a failure to reach the server, the next try comes this much later. */
const RETRY_MS = 5_000;

function storedPairing(now: number): TvPairingRequest | undefined {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as TvPairingRequest | null;
    return stored && typeof stored.secret === 'string' && new Date(stored.expiresAt).getTime() > now ? stored : undefined;
  } catch {
    return undefined;
  }
}

export type TvPairingState = { kind: 'asking' } | { kind: 'waiting'; code: string; expiresAt: string } | { kind: 'unreachable' };

/**
 * The TV side of pairing (docs/decisions/0086-tv-pairing.md): asks for a code, shows it, and asks every few seconds
 * whether the owner has entered it; once paired, `onPaired` gets the link's token (the secret this screen kept). An
 * expired code is replaced by a new one.
 */
export function useTvPairing(onPaired: (token: string) => void): TvPairingState {
  const [state, setState] = useState<TvPairingState>({ kind: 'asking' });
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pairing = storedPairing(Date.now());
    const later = (ms: number) => void (timer = setTimeout(() => void step(), ms));

    async function step() {
      if (stopped) return;
      try {
        if (!pairing || new Date(pairing.expiresAt).getTime() <= Date.now()) {
          pairing = await apiJson<TvPairingRequest>('POST', '/api/tv-pairings');
          sessionStorage.setItem(STORAGE_KEY, JSON.stringify(pairing));
        }
        if (stopped) return;
        setState({ kind: 'waiting', code: pairing.code, expiresAt: pairing.expiresAt });
        const status = await apiJson<TvPairingStatus>('POST', '/api/tv-pairings/status', { secret: pairing.secret });
        if (stopped) return;
        if (status.status === 'paired') {
          sessionStorage.removeItem(STORAGE_KEY);
          onPaired(status.token);
          return;
        }
        later(pairing.pollMs);
      } catch (error) {
        if (stopped) return;
        if (error instanceof ApiError && error.status === 404) {
          // Expired or unknown: a new code at once.
          pairing = undefined;
          sessionStorage.removeItem(STORAGE_KEY);
          later(0);
          return;
        }
        setState((shown) => (shown.kind === 'waiting' ? shown : { kind: 'unreachable' }));
        later(RETRY_MS);
      }
    }
    void step();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [onPaired]);
  return state;
}
