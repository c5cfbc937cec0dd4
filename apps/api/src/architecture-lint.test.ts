import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The API's architecture rules (ARCHITECTURE §3, issue 14) are ESLint rules, so `npm run lint` refuses a
 * violation. Each rule is shown refusing a planted violation, and the clean form passing.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });

async function messagesFor(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the data layer stays in repositories and query files', () => {
  it('refuses drizzle-orm in a service', async () => {
    const messages = await messagesFor(
      "import { sql } from 'drizzle-orm';\nexport const q = sql`SELECT 1`;\n",
      'apps/api/src/modules/budgets/budgets.service.ts',
    );
    expect(messages.join('\n')).toMatch(/only repositories, query files, table definitions and infra/);
  });

  it('accepts drizzle-orm in a repository and a query file', async () => {
    for (const file of [
      'apps/api/src/modules/budgets/budgets.repository.ts',
      'apps/api/src/modules/reports/reports.queries.ts',
    ]) {
      expect(await messagesFor("import { sql } from 'drizzle-orm';\nexport const q = sql`SELECT 1`;\n", file)).toEqual(
        [],
      );
    }
  });
});

describe('a route file speaks HTTP and calls a service, never the database', () => {
  it('refuses a repository, a table, a query file or the database in a route file', async () => {
    for (const source of [
      "import { budgetsRepository } from './budgets.repository.ts';\nexport const r = budgetsRepository;\n",
      "import { budgets } from './budgets.tables.ts';\nexport const t = budgets;\n",
      "import { spend } from '../reports/reports.queries.ts';\nexport const s = spend;\n",
      "import type { Db } from '../../infra/database.ts';\nexport type D = Db;\n",
      "import { sql } from 'drizzle-orm';\nexport const q = sql`SELECT 1`;\n",
    ]) {
      const messages = await messagesFor(source, 'apps/api/src/modules/budgets/budgets.routes.ts');
      expect(messages.join('\n'), source).toMatch(/route file/);
    }
  });

  it('accepts a route file that imports its service and the contracts', async () => {
    const source =
      "import type { BudgetsService } from './budgets.service.ts';\nimport { errorBody } from '@zabuni/contracts';\n" +
      'export const x: [BudgetsService | null, unknown] = [null, errorBody];\n';
    expect(await messagesFor(source, 'apps/api/src/modules/budgets/budgets.routes.ts')).toEqual([]);
  });
});
