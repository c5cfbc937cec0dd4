import { toPrefixTsQuery } from '@zabuni/domain';
import type { PageRequest } from '../../infra/pagination.ts';
import type { OrganisationsRepository } from './organisations.repository.ts';

export function createOrganisationsService({ repository }: { repository: OrganisationsRepository }) {
  return {
    async listBuyers(search: string | undefined, page: PageRequest) {
      const { count, rows } = await repository.listBuyers({
        tsQuery: toPrefixTsQuery(search),
        offset: page.offset,
        limit: page.pageSize,
      });
      return { count, results: rows.map((row) => ({ id: row.id, company_name: row.name })) };
    },
  };
}
export type OrganisationsService = ReturnType<typeof createOrganisationsService>;
