import { ESLint } from 'eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

// The repository's root, where eslint.config.js lives: the real configuration is used, not a copy.
const cwd = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const RULE = 'web/feature-boundaries';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd });
});

/** The messages of our rule for `code` as if it were the file at `filePath` (relative to the root). */
async function boundaryMessages(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(cwd, filePath) });
  return result!.messages.filter((message) => message.ruleId === RULE).map((message) => message.message);
}

describe('web lint: features do not import each other', () => {
  it('refuses the portal importing the P2P orders feature', async () => {
    const messages = await boundaryMessages(
      "import { OrderLine } from '../../p2p/orders/components/OrderLine.tsx';\nexport const x = OrderLine;\n",
      'apps/web/src/features/portal/pages/Planted.tsx',
    );
    expect(messages).toEqual([
      'features/portal must not import features/p2p/orders: features do not import each other. ' +
        'Move what both need to src/components (design-system pieces, no data fetching) or src/lib ' +
        '(api client, formatting, i18n helpers).',
    ]);
  });

  it('treats the P2P folders as features of their own, and sees re-exports and lazy imports', async () => {
    const messages = await boundaryMessages(
      [
        "export { RequisitionLine } from '../../requisitions/components/RequisitionLine.tsx';",
        "export const page = () => import('../../setup/pages/BudgetsPage.tsx');",
      ].join('\n'),
      'apps/web/src/features/p2p/orders/components/Planted.tsx',
    );
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(/^features\/p2p\/orders must not import features\/p2p\/requisitions:/);
    expect(messages[1]).toMatch(/^features\/p2p\/orders must not import features\/p2p\/setup:/);
  });

  it('refuses src/components and src/lib importing a feature', async () => {
    const messages = await boundaryMessages(
      "import { portalApi } from '../features/portal/api.ts';\nexport const x = portalApi;\n",
      'apps/web/src/lib/planted.ts',
    );
    expect(messages).toEqual([
      'src/lib is shared by every feature and must not import features/portal: move the piece here instead.',
    ]);
  });

  it('lets a feature import itself, src/components, src/lib and packages', async () => {
    const messages = await boundaryMessages(
      [
        "import { DataTable } from '../../../components/data-table/DataTable.tsx';",
        "import { formatAmount } from '../../../lib/money.ts';",
        "import { portalApi } from '../api.ts';",
        "import { z } from 'zod';",
        'export const x = [DataTable, formatAmount, portalApi, z];',
      ].join('\n'),
      'apps/web/src/features/portal/pages/Planted.tsx',
    );
    expect(messages).toEqual([]);
  });

  it('lets the app (router, layouts) import features', async () => {
    const messages = await boundaryMessages(
      "export const page = () => import('../features/portal/routes.tsx');\n",
      'apps/web/src/app/planted.ts',
    );
    expect(messages).toEqual([]);
  });
});
