import type { PurchaseOrderDocument, SupplierStatement } from './types.ts';

/**
 * Sample documents for the tests and for looking at the output by eye: realistic Kenyan data with the
 * characters a plain PDF font would lose (é, ’, –, ŋ).
 */

const ITEMS: Array<[string, string, string, number]> = [
  ['A4 copier paper, 80 gsm, 5 reams per box', '12', 'box', 3_250_00],
  ['Toner cartridge HP 26A (CF226A) – original', '4', 'each', 14_800_00],
  ['Office chair, ergonomic, with adjustable lumbar support and armrests', '6', 'each', 18_500_00],
  ['Hand sanitiser, 5 litres', '2.5', 'jerrican', 2_100_00],
  ['Diesel for the standby generator', '1200.5', 'litre', 182_45],
  ['Maintenance of the Nakuru office’s air conditioning units (quarterly visit)', '1', 'service', 45_000_00],
];

export function samplePurchaseOrder(lineCount = 6, status = 'approved'): PurchaseOrderDocument {
  const lines: PurchaseOrderDocument['lines'] = [];
  for (let index = 0; index < lineCount; index += 1) {
    const [description, quantity, unit, unitPriceMinor] = ITEMS[index % ITEMS.length]!;
    const thousandths = Math.round(Number(quantity) * 1000);
    const netMinor = Number((BigInt(thousandths) * BigInt(unitPriceMinor) + 500n) / 1000n);
    const taxBasisPoints = index % 5 === 3 ? 0 : 1600;
    const taxMinor = Number((BigInt(netMinor) * BigInt(taxBasisPoints) + 5000n) / 10000n);
    lines.push({
      lineNo: index + 1,
      description,
      quantity,
      unit,
      unitPriceMinor,
      taxBasisPoints,
      netMinor,
      taxMinor,
      requisitionNumber:
        index % 4 === 0 ? `REQ-2026-${String(100 + Math.floor(index / 4)).padStart(4, '0')}` : null,
    });
  }
  const subtotalMinor = lines.reduce((sum, line) => sum + line.netMinor, 0);
  const taxMinor = lines.reduce((sum, line) => sum + line.taxMinor, 0);
  return {
    number: 'PO-2026-00042',
    status,
    issuedOn: '2026-11-24',
    currency: 'KES',
    buyer: {
      name: 'Kaunti ya Nakuru – Idara ya Fedha',
      address: 'Nakuru County Headquarters\nP.O. Box 2870-20100\nNakuru, Kenya',
      email: 'procurement@nakuru.example',
      phone: '+254 51 221 6000',
      taxPin: 'P051234567Q',
    },
    supplier: {
      name: 'Amélie Wanjiru Office Supplies Ltd',
      email: 'orders@amelie-supplies.example',
      phone: '+254 722 000 111',
      taxPin: 'P000111222X',
    },
    deliveryAddress: 'Central Stores, Block B\nKenyatta Avenue, Nakuru',
    deliveryDate: '2026-12-05',
    paymentTermsDays: 30,
    justification: '',
    lines,
    subtotalMinor,
    taxMinor,
    totalMinor: subtotalMinor + taxMinor,
    approvals: [
      { name: 'Jane Doe', decidedAt: '2026-11-23T09:14:00Z' },
      { name: 'Ŋgũgĩ Kamau', decidedAt: '2026-11-23T15:02:00Z' },
    ],
  };
}

export function sampleStatement(): SupplierStatement {
  const rows: SupplierStatement['rows'] = [];
  let balance = 1_250_000_00;
  const add = (
    date: string,
    type: SupplierStatement['rows'][number]['type'],
    reference: string,
    description: string,
    debitMinor: number,
    creditMinor: number,
  ) => {
    balance += debitMinor - creditMinor;
    rows.push({ date, type, reference, description, debitMinor, creditMinor, balanceMinor: balance });
  };
  add('2026-10-02', 'purchase_order', 'PO-2026-00031', 'Purchase order sent (KES 406,000.00)', 0, 0);
  add('2026-10-09', 'invoice', 'INV-8841', 'Copier paper and toner – October', 406_000_00, 0);
  add('2026-10-15', 'payment', 'PAY-2026-118', 'EFT, KCB ref. FT26288XYZ', 0, 1_250_000_00);
  add('2026-10-28', 'credit', 'CN-0192', 'Credit note: 2 damaged chairs returned', 0, 37_000_00);
  add(
    '2026-11-03',
    'invoice',
    'INV-8902',
    'Office chairs (6) and installation at the Nakuru office’s annex',
    128_760_00,
    0,
  );
  add('2026-11-20', 'payment', 'PAY-2026-131', 'M-Pesa paybill 400200', 0, 100_000_00);
  return {
    supplier: { name: 'Amélie Wanjiru Office Supplies Ltd', taxPin: 'P000111222X' },
    buyer: { name: 'Kaunti ya Nakuru – Idara ya Fedha' },
    currency: 'KES',
    from: '2026-10-01',
    to: '2026-11-30',
    generatedAt: '2026-12-01T06:30:00Z',
    openingBalanceMinor: 1_250_000_00,
    closingBalanceMinor: balance,
    rows,
    openInvoices: [
      {
        number: 'INV-8841',
        date: '2026-10-09',
        dueDate: '2026-11-08',
        totalMinor: 406_000_00,
        paidMinor: 137_000_00,
        outstandingMinor: 269_000_00,
        status: 'partially_paid',
      },
      {
        number: 'INV-8902',
        date: '2026-11-03',
        dueDate: '2026-12-03',
        totalMinor: 128_760_00,
        paidMinor: 0,
        outstandingMinor: 128_760_00,
        status: 'approved',
      },
    ],
  };
}
