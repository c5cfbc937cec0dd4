import { PAGINATION_CHUNK } from '@zabuni/contracts/constants';
import { useTranslation } from 'react-i18next';
import { Pagination } from './Pagination.tsx';

/** The shared pagination for the operator's lists (labels from the always-loaded `tenders` namespace). */
export function OperatorPagination({
  page,
  count,
  pageSize,
  onChange,
}: {
  page: number;
  count: number;
  pageSize: number;
  onChange(page: number): void;
}) {
  const { t } = useTranslation('tenders');
  const totalPages = Math.max(1, Math.ceil(count / pageSize));
  if (totalPages <= 1) return null;
  return (
    <Pagination
      page={Math.min(page, totalPages)}
      totalPages={totalPages}
      chunkSize={PAGINATION_CHUNK}
      onChange={(next) => {
        onChange(next);
        window.scrollTo({ top: 0, behavior: 'smooth' });
      }}
      labels={{
        nav: t('pagination.label'),
        previous: t('pagination.previous'),
        next: t('pagination.next'),
        first: t('pagination.first'),
        last: t('pagination.last'),
        summary: t('pagination.summary', { page, pages: totalPages }),
      }}
    />
  );
}
