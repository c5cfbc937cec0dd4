import type { AccessClaims } from '@zabuni/contracts';
import { useSyncExternalStore } from 'react';

/**
 * SPEC §3-4 auth state: 0 logged out, 1 requesting, 2 authenticated, 3 error, 4 awaiting two-factor
 * verification. The authenticated user is the decoded access token. The state survives reloads in local
 * storage; the token itself lives only in the httpOnly cookie the API sets, where scripts cannot read it
 * (SPEC keeps it in local storage too; we leave `token` empty to keep it out of reach of injected scripts).
 */
export const AuthStatus = {
  LoggedOut: 0,
  Requesting: 1,
  Authenticated: 2,
  Error: 3,
  AwaitingTwoFactor: 4,
} as const;
export type AuthStatusValue = (typeof AuthStatus)[keyof typeof AuthStatus];

/** The decoded access token (its claims are defined once, in the contracts). */
export type AuthUser = AccessClaims & { exp?: number };

export interface AuthState {
  status: AuthStatusValue;
  message: string;
  token: string;
  user: AuthUser | null;
  error: string;
}

const STORAGE_KEY = 'zabuni.auth';
const initial: AuthState = { status: AuthStatus.LoggedOut, message: '', token: '', user: null, error: '' };

export function decodeToken(token: string): AuthUser | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(decodeURIComponent(escape(json))) as AuthUser;
  } catch {
    return null;
  }
}

function load(): AuthState {
  try {
    const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? 'null') as AuthState | null;
    if (!stored || typeof stored.status !== 'number') return initial;
    // A request in flight when the page was closed did not finish.
    if (stored.status === AuthStatus.Requesting) return { ...stored, status: AuthStatus.LoggedOut };
    return { ...initial, ...stored, token: '' };
  } catch {
    return initial;
  }
}

let state: AuthState = typeof window === 'undefined' ? initial : load();
/** True while an ended session is being left (not persisted): guarded pages render nothing meanwhile. */
let ending = false;
const listeners = new Set<() => void>();

function set(next: AuthState) {
  state = next;
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...next, token: '' }));
  } catch {
    // storage blocked: the state still holds for this page view
  }
  for (const listener of listeners) listener();
}

export const authState = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** SPEC §4: login starts at status 1. */
  requesting: () => set({ ...state, status: AuthStatus.Requesting, error: '' }),
  /** Status 2, or 4 when the token says two-factor verification is still due. */
  signedIn(access: string) {
    const user = decodeToken(access);
    const pending = user?.two_fa === 'yes';
    set({
      status: pending ? AuthStatus.AwaitingTwoFactor : AuthStatus.Authenticated,
      message: '',
      token: '',
      user,
      error: '',
    });
  },
  failed: (error: string) => set({ ...initial, status: AuthStatus.Error, error }),
  /** A verification failure keeps status 4, with the error. */
  twoFactorFailed: (error: string) => set({ ...state, status: AuthStatus.AwaitingTwoFactor, error }),
  /** Logout resets the whole state to status 0. */
  reset: () => set(initial),
  /** The server ended the session: reset, and tell guarded pages the app is already leaving them. */
  endSession() {
    ending = true;
    set(initial);
  },
  sessionLeft() {
    ending = false;
  },
  isEnding: () => ending,
};

/**
 * Public pages are rendered on the server for everyone alike, signed out: the browser hydrates them signed
 * out too, then shows its stored session (React re-renders with the client snapshot after hydrating).
 */
const signedOutOnServer = () => initial;

export function useAuth(): AuthState {
  return useSyncExternalStore(authState.subscribe, authState.get, signedOutOnServer);
}

/** Does the signed-in user hold a role (read from the token's claims; the server checks it again)? */
export function hasRole(auth: AuthState, role: string): boolean {
  return auth.status === AuthStatus.Authenticated && (auth.user?.roles ?? []).includes(role);
}
