import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../../lib/form-errors.ts';
import { usePlatform } from '../../../../lib/platform-context.ts';

export const NS = 'p2p-setup';

/** Write actions on every set-up screen belong to the organisation's administrators (the API says so too). */
export function useIsOrgAdmin(): boolean {
  return usePlatform().current.roles.includes('org_admin');
}

/** A message from the API or the contracts, in the interface language (by its key, see messageText). */
export function useMessage() {
  // Re-rendered when the language changes.
  useTranslation(NS);
  return (message: string | undefined) => messageText(message);
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Shown to members who may look but not change (the server refuses their writes anyway). */
export function ReadOnlyNotice({ children }: { children: ReactNode }) {
  return (
    <Alert color="gray" variant="light" data-testid="read-only-notice">
      {children}
    </Alert>
  );
}
