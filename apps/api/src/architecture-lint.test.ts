import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The API's architecture rules (ARCHITECTURE §3, issue 14) are ESLint rules, so `npm run lint` refuses a
 * violation. Each rule is shown refusing a planted violation, and the clean form passing, with the
 * project's own ESLint configuration.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });

const BUDGETS = 'apps/api/src/modules/platform/setup/budgets';
const REQUISITIONS = 'apps/api/src/modules/platform/p2p/requisitions';

async function messagesFor(code: string, file: string, rule: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}

describe('a module is entered through its front door', () => {
  it("refuses another module's internals", async () => {
    const source =
      "import { createBudgetsService } from '../../setup/budgets/budgets.service.ts';\n" +
      'export const make = createBudgetsService;\n';
    const messages = await messagesFor(
      source,
      `${REQUISITIONS}/requisitions.service.ts`,
      'zabuni/front-door',
    );
    expect(messages).toEqual([
      "'budgets.service.ts' is inside the module platform/setup/budgets: import it through platform/setup/budgets/index.ts, the module's front door.",
    ]);
  });

  it("refuses another module's repository even through its front door", async () => {
    const source =
      "import { budgetsRepository } from '../../setup/budgets/index.ts';\nexport const r = budgetsRepository;\n";
    const messages = await messagesFor(
      source,
      `${REQUISITIONS}/requisitions.service.ts`,
      'zabuni/front-door',
    );
    expect(messages.join('\n')).toMatch(/budgetsRepository is platform\/setup\/budgets's repository/);
  });

  it('accepts the front door, and a module reaching into its own files', async () => {
    const source =
      "import { createBudgetsService } from '../../setup/budgets/index.ts';\n" +
      "import { requisitionsRepository } from './requisitions.repository.ts';\n" +
      'export const x = [createBudgetsService, requisitionsRepository];\n';
    expect(await messagesFor(source, `${REQUISITIONS}/requisitions.service.ts`, 'zabuni/front-door')).toEqual(
      [],
    );
  });
});

describe('modules import each other in one direction', () => {
  it('refuses an import that closes a cycle (requisitions already depend on budgets)', async () => {
    const source =
      "import type { RequisitionsService } from '../../p2p/requisitions/index.ts';\n" +
      'export type R = RequisitionsService;\n';
    const messages = await messagesFor(source, `${BUDGETS}/budgets.service.ts`, 'zabuni/no-module-cycle');
    expect(messages.join('\n')).toMatch(
      /Import cycle: platform\/p2p\/requisitions already depends on platform\/setup\/budgets/,
    );
  });

  it('accepts the existing direction', async () => {
    const source =
      "import type { BudgetsService } from '../../setup/budgets/index.ts';\nexport type B = BudgetsService;\n";
    expect(
      await messagesFor(source, `${REQUISITIONS}/requisitions.service.ts`, 'zabuni/no-module-cycle'),
    ).toEqual([]);
  });
});

describe('the data layer stays in repositories and query files', () => {
  const drizzle = "import { sql } from 'drizzle-orm';\nexport const q = sql`SELECT 1`;\n";

  it('refuses drizzle-orm in a service', async () => {
    const messages = await messagesFor(drizzle, `${BUDGETS}/budgets.service.ts`, 'no-restricted-imports');
    expect(messages.join('\n')).toMatch(/only repositories, query files, table definitions and infra/);
  });

  it('accepts drizzle-orm in a repository and a query file', async () => {
    for (const file of [
      `${BUDGETS}/budgets.repository.ts`,
      'apps/api/src/modules/platform/p2p/reports/reports.queries.ts',
    ]) {
      expect(await messagesFor(drizzle, file, 'no-restricted-imports')).toEqual([]);
    }
  });

  it('refuses the schema outside repositories and query files', async () => {
    const source =
      "import { budgets } from '../../../../schema/budgets.tables.ts';\nexport const t = budgets;\n";
    const refused = await messagesFor(source, `${BUDGETS}/budgets.service.ts`, 'zabuni/schema-readers');
    expect(refused.join('\n')).toMatch(/Tables are read by repositories and query files/);
    expect(await messagesFor(source, `${BUDGETS}/budgets.repository.ts`, 'zabuni/schema-readers')).toEqual(
      [],
    );
  });
});

describe('a route file speaks HTTP and calls a service, never the database', () => {
  it('refuses a repository, a table, a query file or the database in a route file', async () => {
    for (const source of [
      "import { budgetsRepository } from './budgets.repository.ts';\nexport const r = budgetsRepository;\n",
      "import { budgets } from '../../../../schema/budgets.tables.ts';\nexport const t = budgets;\n",
      "import { spend } from '../../p2p/reports/reports.queries.ts';\nexport const s = spend;\n",
      "import type { Db } from '../../../../infra/database.ts';\nexport type D = Db;\n",
      "import { sql } from 'drizzle-orm';\nexport const q = sql`SELECT 1`;\n",
    ]) {
      const messages = await messagesFor(source, `${BUDGETS}/budgets.routes.ts`, 'no-restricted-imports');
      expect(messages.join('\n'), source).toMatch(/route file/);
    }
  });

  it('accepts a route file that imports its service and the contracts', async () => {
    const source =
      "import type { BudgetsService } from './budgets.service.ts';\nimport { errorBody } from '@zabuni/contracts';\n" +
      'export const x: [BudgetsService | null, unknown] = [null, errorBody];\n';
    expect(await messagesFor(source, `${BUDGETS}/budgets.routes.ts`, 'no-restricted-imports')).toEqual([]);
  });
});
