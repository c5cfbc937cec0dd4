import { openRuntime } from '../bootstrap.ts';
import { createAuditService } from '../modules/shared/audit/audit.service.ts';

/** `npm run audit:verify`: recomputes the audit log's hash chain; exits 1 at the first broken entry. */
const runtime = await openRuntime({ prepareData: false });
const audit = createAuditService({ db: runtime.database.db, clock: { now: () => new Date() } });
const result = await audit.verify();
await runtime.close();
if (result.firstBreak) {
  process.stderr.write(
    `audit log BROKEN at entry ${result.firstBreak.id} (${result.firstBreak.reason === 'hash' ? 'content altered' : 'chain link broken'}); ${result.entries} entries read\n`,
  );
  process.exit(1);
}
process.stdout.write(`audit log intact: ${result.entries} entries verified\n`);
