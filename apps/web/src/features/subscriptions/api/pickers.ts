// The pickers' shared queries (same cache keys everywhere); categories page on scroll (issue 16 point 3).
export {
  allCountriesQuery,
  categoriesQuery,
  useAllCountries,
  useCategories,
} from '../../../lib/reference-data.ts';
