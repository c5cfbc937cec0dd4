import type { Me } from '@zabuni/contracts';
import { apiGet, apiPatch, apiPost } from '../../../lib/api-client.ts';

/** SPEC §7 Authentication calls. */
export const authApi = {
  login: (body: { username: string; password: string; remember: boolean }) =>
    apiPost<{ access: string }>('/authentication/token/', body),
  verifyTwoFactor: (code: string, remember: boolean) =>
    apiPost<{ access: string }>('/authentication/tfa/verify/', { code, remember }),
  emailMeACode: () => apiPost<{ detail: string }>('/authentication/tfa/verify/', { send_email_code: true }),
  logout: () => apiPost<{ detail: string }>('/authentication/logout/'),
  register: (body: unknown) =>
    apiPost<{ detail: string; message: string }>('/authentication/register/', body),
  verifyEmail: (token: string) => apiGet<{ detail: string }>('/authentication/verify_email', { token }),
  requestReset: (email: string) =>
    apiPost<{ detail: string }>('/authentication/reset_password_request/', { email }),
  confirmReset: (body: { token: string; password: string; password2: string }) =>
    apiPost<{ detail: string }>('/authentication/confirm/', body),
  updateProfile: (body: { first_name: string; last_name: string; phone_number: string; language: string }) =>
    apiPatch<Me>('/authentication/me/', body),
  changePassword: (body: {
    current_password: string;
    password: string;
    password2: string;
    keep_this_session?: boolean;
  }) => apiPost<{ detail: string; access?: string }>('/authentication/change-password/', body),
  acceptInvitation: (token: string) =>
    apiPost<{ detail: string }>('/organisations/invitations/accept/', { token }),
  startTotp: () =>
    apiPost<{ secret: string; otpauth_url: string; qr_svg: string }>('/authentication/tfa/setup/'),
  enableTotp: (code: string) =>
    apiPost<{ recovery_codes: string[] }>('/authentication/tfa/enable/', { code }),
  disableTwoFactor: (password: string) =>
    apiPost<{ detail: string }>('/authentication/tfa/disable/', { password }),
};
