import type { Services } from '../../../app.ts';
import { randomToken } from '../../../infra/crypto.ts';
import type { Db } from '../../../infra/database.ts';
import { authenticationRepository } from './authentication.repository.ts';

export const STAFF_ROLES = ['moderator', 'super_admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const OPERATOR_ORGANISATION = 'Zabuni editors';

/**
 * Gives a person a role in the operator's own organisation (moderators review and post bulletin
 * tenders). A new account gets no usable password: the person chooses one through the mailed reset link.
 */
export async function addStaffMember(
  db: Db,
  services: Pick<Services, 'authentication' | 'organisations'>,
  input: { email: string; role: StaffRole; firstName: string; lastName: string },
): Promise<{ userId: number; created: boolean }> {
  const email = input.email.trim().toLowerCase();
  const result = await db.transaction(async (tx) => {
    const platformId =
      (await services.organisations.findByKindAndName(tx, 'platform', OPERATOR_ORGANISATION)) ??
      (await services.organisations.create(tx, { kind: 'platform', name: OPERATOR_ORGANISATION }));
    const users = authenticationRepository(tx);
    const existing = await users.findByEmail(email);
    const userId =
      existing?.id ??
      (await users.insert({
        email,
        username: email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash: await services.authentication.hashPassword(randomToken()),
        isActive: true,
      }));
    await services.organisations.addMember(tx, userId, platformId, input.role);
    return { userId, created: !existing };
  });
  if (result.created) await services.authentication.requestPasswordReset(email, { ip: null });
  return result;
}
