import { parseArgs } from 'node:util';
import { createServices } from '../app.ts';
import { openRuntime } from '../bootstrap.ts';
import { addStaffMember, STAFF_ROLES, type StaffRole } from '../modules/identity/authentication/staff.ts';

/**
 * `npm run staff:add -- --email wanjiru@example.co.ke --role moderator --first-name Wanjiru --last-name Kamau`
 * Makes a person a moderator (or super admin) of the operator; new accounts get a mailed link to set a password.
 */
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    role: { type: 'string', default: 'moderator' },
    'first-name': { type: 'string', default: 'Moderator' },
    'last-name': { type: 'string', default: 'Zabuni' },
  },
});
if (!values.email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(values.email)) {
  process.stderr.write('Give the person’s email: npm run staff:add -- --email someone@example.com\n');
  process.exit(2);
}
if (!(STAFF_ROLES as readonly string[]).includes(values.role)) {
  process.stderr.write(`--role must be one of: ${STAFF_ROLES.join(', ')}\n`);
  process.exit(2);
}
const runtime = await openRuntime({ prepareData: true });
const services = createServices({
  config: runtime.config,
  database: runtime.database,
  logger: runtime.logger,
});
const result = await addStaffMember(runtime.database.db, services, {
  email: values.email,
  role: values.role as StaffRole,
  firstName: values['first-name'],
  lastName: values['last-name'],
});
process.stdout.write(
  result.created
    ? `${values.email} is now ${values.role}; a link to choose a password was mailed (valid 2 hours).\n`
    : `${values.email} already had an account and is now also ${values.role}.\n`,
);
await runtime.close();
