import { openRuntime } from '../bootstrap.ts';
import { createAuditService } from '../modules/shared/audit/index.ts';

/**
 * `npm run audit:verify`: seals what is committed, recomputes the audit log's whole sealed chain and checks
 * the entries not yet sealed against their content hashes; exits 1 at the first broken entry.
 */
const runtime = await openRuntime({ prepareData: false });
const audit = createAuditService({ db: runtime.database.db, clock: { now: () => new Date() } });
const result = await audit.verify();
await runtime.close();
const reasons = {
  hash: 'content altered',
  link: 'chain link broken: an entry removed, inserted or reordered',
  content: 'not what was written: altered before it was sealed',
};
const unsealed = `${result.unsealed} ${result.unsealed === 1 ? 'entry' : 'entries'} not yet sealed`;
if (result.firstBreak) {
  process.stderr.write(
    `audit log BROKEN at entry ${result.firstBreak.id} (${reasons[result.firstBreak.reason]}); ${result.entries} sealed entries read, ${unsealed}\n`,
  );
  process.exit(1);
}
process.stdout.write(
  `audit log intact: ${result.entries} sealed entries verified, ${unsealed}${result.unsealed > 0 ? ' (written while verifying; their content hashes match)' : ''}\n`,
);
