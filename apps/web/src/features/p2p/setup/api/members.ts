import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberInvitation } from '@zabuni/contracts';
import { apiPost, request } from '../../../../lib/api-client.ts';
import { allPages } from './all-pages.ts';
import { setupKey } from './keys.ts';

/** One row of `/organisations/members/`: a member × one of their roles, in one of the caller's organisations. */
export interface MemberRole {
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  organisation: { id: number; name: string };
  role: string;
}

/** A person of the current organisation with all their roles there. */
export interface Member {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  roles: string[];
}

/** The rows of one organisation folded into people, by name (then email), their roles in list order. */
export function membersOf(rows: readonly MemberRole[], organisationId: number): Member[] {
  const people = new Map<number, Member>();
  for (const row of rows) {
    if (row.organisation.id !== organisationId) continue;
    const person = people.get(row.user_id) ?? {
      userId: row.user_id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      roles: [],
    };
    if (!person.roles.includes(row.role)) person.roles.push(row.role);
    people.set(row.user_id, person);
  }
  return [...people.values()].sort(
    (a, b) => displayName(a).localeCompare(displayName(b)) || a.email.localeCompare(b.email),
  );
}

export const displayName = (member: Pick<Member, 'firstName' | 'lastName' | 'email'>) =>
  `${member.firstName} ${member.lastName}`.trim() || member.email;

/** Every organisation's rows: the API lists all the caller's organisations; `membersOf` picks one. */
export const memberRowsQuery = (organisationId: number) =>
  queryOptions({
    queryKey: setupKey(organisationId, 'members'),
    queryFn: ({ signal }) => allPages<MemberRole>('/organisations/members/', {}, signal),
  });

export const useMembers = (organisationId: number) =>
  useQuery({
    ...memberRowsQuery(organisationId),
    select: (rows) => membersOf(rows, organisationId),
  });

export const membersApi = {
  grant: (userId: number, organisationId: number, role: string) =>
    apiPost<{ detail: string }>(`/organisations/members/${userId}/roles/`, {
      organisation_id: organisationId,
      role,
    }),
  revoke: (userId: number, organisationId: number, role: string) =>
    request<{ detail: string }>('DELETE', `/organisations/members/${userId}/roles/`, {
      body: { organisation_id: organisationId, role },
    }),
  invite: (form: MemberInvitation) => apiPost<{ detail: string }>('/organisations/members/invite/', form),
};
