import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from './api-client.ts';
import { authState } from './auth-state.ts';
import { meQuery } from './me.ts';

/**
 * Work for another buying organisation: the API answers with a new access token (also set as the session
 * cookie) whose buyer_company_id is that organisation. It is stored like a sign-in's, and every query is
 * refetched, since what the platform shows depends on the organisation.
 */
export function useSwitchBuyer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (buyerCompanyId: number) =>
      apiPost<{ access: string }>('/authentication/switch-buyer/', { buyer_company_id: buyerCompanyId }),
    onSuccess: async ({ access }, buyerCompanyId) => {
      authState.signedIn(access);
      // The header and pages show the new organisation at once, not after the refetch.
      queryClient.setQueryData(meQuery.queryKey, (me) => me && { ...me, buyer_company_id: buyerCompanyId });
      await queryClient.invalidateQueries();
    },
  });
}
