import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@zabuni/contracts';
import { allPages } from './all-pages.ts';

/**
 * The procurement categories (a few hundred, the same for every organisation): read once per visit, so
 * budgets and workflow rules can name the categories they only know by id, and pickers can search them.
 */
export const allCategoriesQuery = queryOptions({
  queryKey: ['core', 'category-types', 'all'],
  queryFn: ({ signal }) => allPages<Category>('/core/category-types/', {}, signal),
  staleTime: Infinity,
});
export const useAllCategories = (enabled = true) => useQuery({ ...allCategoriesQuery, enabled });
