import { openRuntime } from '../bootstrap.ts';
import { seedDemoData } from '../seed/demo.ts';
import { seedDemoTenders } from '../seed/demo-tenders.ts';
import { seedDemoProcurement } from '../seed/demo-p2p.ts';

/** `npm run seed:demo`: demo buyers and jobs on a database that has no buyers yet (also with DATABASE_URL). */
const runtime = await openRuntime({ prepareData: true });
const seeded = await seedDemoData(runtime.database.db, { now: new Date() });
runtime.logger.info(seeded ? 'demo data seeded' : 'buyers already exist: demo data not added');
const tendersSeeded = await seedDemoTenders(runtime.database.db, { now: new Date() });
runtime.logger.info(
  tendersSeeded ? 'demo bulletin tenders seeded' : 'bulletin tenders already exist: demo tenders not added',
);
const procurementSeeded = await seedDemoProcurement(runtime.database.db, { now: new Date() });
runtime.logger.info(
  procurementSeeded
    ? 'demo procure-to-pay data seeded'
    : 'no demo buyer, or its organisations are set up already: procure-to-pay demo data not added',
);
await runtime.close();
