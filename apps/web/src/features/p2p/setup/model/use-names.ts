import { useMemo } from 'react';
import { useAllCategories } from '../api/categories.ts';
import { useDepartments } from '../api/departments.ts';
import { displayName, useMembers } from '../api/members.ts';
import type { Names } from './workflow-describe.ts';

/** Names for the ids a workflow rule holds (members, departments and, when asked for, categories). */
export function useNames(organisationId: number, withCategories: boolean) {
  const members = useMembers(organisationId);
  const departments = useDepartments(organisationId);
  const categories = useAllCategories(withCategories);
  const names = useMemo<Names>(() => {
    const users = new Map((members.data ?? []).map((m) => [m.userId, displayName(m)]));
    const depts = new Map((departments.data ?? []).map((d) => [d.id, `${d.code} · ${d.name}`]));
    const cats = new Map((categories.data ?? []).map((c) => [c.id, c.name]));
    return {
      user: (id) => users.get(id),
      department: (id) => depts.get(id),
      category: (id) => cats.get(id),
    };
  }, [members.data, departments.data, categories.data]);
  return { names, members, departments, categories };
}
