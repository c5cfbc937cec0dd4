import { PAGINATION_CHUNK } from '@zabuni/contracts/constants';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/Pagination.tsx';

/** The shared pagination (SPEC §9: chunks of 4) with this feature's labels. */
export function ListPagination({
  page,
  totalPages,
  onChange,
}: {
  page: number;
  totalPages: number;
  onChange(page: number): void;
}) {
  const { t } = useTranslation('tenders');
  return (
    <Pagination
      page={page}
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
