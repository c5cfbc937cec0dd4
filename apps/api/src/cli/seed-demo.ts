import { openRuntime } from '../bootstrap.ts';
import { seedDemoData } from '../seed/demo.ts';
import { seedDemoTenders } from '../seed/demo-tenders.ts';
import { seedDemoWebinars } from '../seed/demo-webinars.ts';
import { seedDemoDirectories } from '../seed/demo-directories.ts';
import { seedDemoProcurement } from '../seed/demo-p2p.ts';
import { seedDemoOrders } from '../seed/demo-orders.ts';
import { seedDemoPrequalifications } from '../seed/demo-prequalifications.ts';
import { seedDemoContracts } from '../seed/demo-contracts.ts';
import { seedDemoRisk } from '../seed/demo-risk.ts';
import { seedDemoRfqs } from '../seed/demo-rfqs.ts';
import { seedDemoTendering } from '../seed/demo-tendering.ts';
import { seedDemoAuctions } from '../seed/demo-auctions.ts';
import { seedDemoDisposals } from '../seed/demo-disposals.ts';
import { seedDemoPrequalified } from '../seed/demo-prequalified.ts';
import { seedDemoTenderAlerts } from '../seed/demo-tender-alerts.ts';

/** `npm run seed:demo`: demo buyers and jobs on a database that has no buyers yet (also with DATABASE_URL). */
const runtime = await openRuntime({ prepareData: true });
const seeded = await seedDemoData(runtime.database.db, { now: new Date() });
runtime.logger.info(seeded ? 'demo data seeded' : 'buyers already exist: demo data not added');
const tendersSeeded = await seedDemoTenders(runtime.database.db, { now: new Date() });
runtime.logger.info(
  tendersSeeded ? 'demo bulletin tenders seeded' : 'bulletin tenders already exist: demo tenders not added',
);
const webinarsSeeded = await seedDemoWebinars(runtime.database.db, { now: new Date() });
runtime.logger.info(
  webinarsSeeded ? 'demo webinars seeded' : 'webinars already exist: demo webinars not added',
);
const directoriesSeeded = await seedDemoDirectories(runtime.database.db);
runtime.logger.info(
  directoriesSeeded
    ? 'demo supplier directories seeded'
    : 'supplier directories already exist: demo directories not added',
);
const procurementSeeded = await seedDemoProcurement(runtime.database.db, { now: new Date() });
runtime.logger.info(
  procurementSeeded
    ? 'demo procure-to-pay data seeded'
    : 'no demo buyer, or its organisations are set up already: procure-to-pay demo data not added',
);
const ordersSeeded = await seedDemoOrders({
  config: runtime.config,
  database: runtime.database,
  logger: runtime.logger,
});
runtime.logger.info(
  ordersSeeded
    ? 'demo suppliers, orders and invoices seeded'
    : 'purchase orders already exist, or no procure-to-pay demo: orders not added',
);
const contractsSeeded = await seedDemoContracts({
  config: runtime.config,
  database: runtime.database,
  logger: runtime.logger,
});
runtime.logger.info(
  contractsSeeded
    ? 'demo contracts seeded'
    : 'contracts already exist, or no orders demo: contracts not added',
);
const riskSeeded = await seedDemoRisk({
  config: runtime.config,
  database: runtime.database,
  logger: runtime.logger,
});
runtime.logger.info(
  riskSeeded ? 'demo risk management seeded' : 'risks already exist, or no orders demo: risk demo not added',
);
const prequalificationsSeeded = await seedDemoPrequalifications({
  config: runtime.config,
  database: runtime.database,
  logger: runtime.logger,
});
runtime.logger.info(
  prequalificationsSeeded
    ? 'demo supplier prequalification seeded'
    : 'a prequalification exists, or no orders demo: prequalification not added',
);
const rfqsSeeded = await seedDemoRfqs({
  config: runtime.config,
  database: runtime.database,
  logger: runtime.logger,
});
runtime.logger.info(
  rfqsSeeded
    ? 'demo request for quotations seeded'
    : 'requests for quotations already exist, or no orders demo: RFQ demo not added',
);
const tenderingSeeded = await seedDemoTendering({
  config: runtime.config,
  database: runtime.database,
  logger: runtime.logger,
});
runtime.logger.info(
  tenderingSeeded
    ? 'demo tenders seeded (one awarded, one open)'
    : 'tenders already exist, or no RFQ demo: tender demo not added',
);
const auctionsSeeded = await seedDemoAuctions({
  config: runtime.config,
  database: runtime.database,
  logger: runtime.logger,
});
runtime.logger.info(
  auctionsSeeded
    ? 'demo eAuctions and an asset for disposal seeded'
    : 'auctions already exist, or no orders demo: auction demo not added',
);
const disposalsSeeded = await seedDemoDisposals({
  config: runtime.config,
  database: runtime.database,
  logger: runtime.logger,
});
runtime.logger.info(
  disposalsSeeded
    ? 'demo assets for sale by public tender seeded (one open for offers, one closed)'
    : 'assets for sale by tender already exist, or no auction demo: disposal demo not added',
);
const prequalifiedSeeded = await seedDemoPrequalified({
  config: runtime.config,
  database: runtime.database,
  logger: runtime.logger,
});
runtime.logger.info(
  prequalifiedSeeded
    ? 'demo paid prequalified-supplier list seeded'
    : 'a prequalified-supplier order exists, or no approved Kenyan suppliers: demo list not added',
);
const alertsSeeded = await seedDemoTenderAlerts({
  config: runtime.config,
  database: runtime.database,
  logger: runtime.logger,
});
runtime.logger.info(
  alertsSeeded
    ? 'demo tender-alert subscribers and digests seeded'
    : 'demo tender-alert subscribers exist already: not added',
);
await runtime.close();
