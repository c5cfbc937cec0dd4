/**
 * Words for the bench's bulletin tenders: titles, buying organisations and notice text as they read on
 * Kenyan and regional tender bulletins, so that full-text search has the selectivity it has in
 * production (common words such as "supply" match a large share, place and item names a small one).
 * Deterministic: everything is drawn from a seeded generator.
 */

/** mulberry32: a small, fast, seeded PRNG returning [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export type Random = () => number;

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

/** An item from weighted choices: `[[value, weight], …]`, weights need not sum to 1. */
export function pickWeighted<T>(random: Random, choices: ReadonlyArray<readonly [T, number]>): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let r = random() * total;
  for (const [value, weight] of choices) {
    r -= weight;
    if (r < 0) return value;
  }
  return choices[choices.length - 1]![0];
}

/** An index in [0, n) skewed towards 0 (a few popular values, a long tail). */
export function skewedIndex(random: Random, n: number, exponent: number): number {
  return Math.min(n - 1, Math.floor(n * random() ** exponent));
}

/** A copy in a seeded random order (Fisher–Yates). */
export function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

const KENYAN_COUNTIES = [
  'Nairobi',
  'Mombasa',
  'Kisumu',
  'Nakuru',
  'Uasin Gishu',
  'Machakos',
  'Kiambu',
  'Meru',
  'Nyeri',
  'Kakamega',
  'Garissa',
  'Turkana',
  'Kilifi',
  'Kwale',
  'Bungoma',
  'Kisii',
  'Embu',
  'Kitui',
  'Narok',
  'Kajiado',
  'Laikipia',
  'Marsabit',
  'Wajir',
  'Mandera',
  'Lamu',
  'Homa Bay',
  'Migori',
  'Siaya',
  'Busia',
  'Vihiga',
  "Murang'a",
  'Kirinyaga',
  'Nyandarua',
  'Bomet',
  'Kericho',
  'Nandi',
  'Trans Nzoia',
  'Baringo',
  'Makueni',
  'Taita Taveta',
] as const;

/** Main cities of the countries that publish most; others are referred to by the country's name. */
const CITIES: Readonly<Record<string, readonly string[]>> = {
  KE: ['Nairobi', 'Mombasa', 'Kisumu', 'Nakuru', 'Eldoret', 'Thika', 'Malindi', 'Nyeri', 'Machakos'],
  UG: ['Kampala', 'Entebbe', 'Jinja', 'Gulu', 'Mbarara'],
  TZ: ['Dar es Salaam', 'Dodoma', 'Arusha', 'Mwanza', 'Zanzibar'],
  RW: ['Kigali', 'Huye', 'Musanze'],
  ET: ['Addis Ababa', 'Hawassa', 'Bahir Dar', 'Mekelle'],
  NG: ['Lagos', 'Abuja', 'Kano', 'Port Harcourt', 'Ibadan'],
  GH: ['Accra', 'Kumasi', 'Tamale', 'Takoradi'],
  ZA: ['Johannesburg', 'Pretoria', 'Cape Town', 'Durban'],
  ZM: ['Lusaka', 'Ndola', 'Kitwe', 'Livingstone'],
  MW: ['Lilongwe', 'Blantyre', 'Mzuzu'],
  SS: ['Juba', 'Malakal', 'Wau'],
  SO: ['Mogadishu', 'Hargeisa', 'Kismayo'],
  MZ: ['Maputo', 'Beira', 'Nampula'],
  ZW: ['Harare', 'Bulawayo', 'Mutare'],
  CD: ['Kinshasa', 'Goma', 'Lubumbashi', 'Bukavu'],
  SN: ['Dakar', 'Thiès', 'Saint-Louis'],
  BI: ['Bujumbura', 'Gitega'],
  SD: ['Khartoum', 'Port Sudan'],
  EG: ['Cairo', 'Alexandria'],
  CM: ['Yaoundé', 'Douala'],
};

/** Countries after Kenya, most active first; the rest of the continent follows in the long tail. */
export const BUSY_COUNTRIES = [
  'UG',
  'TZ',
  'NG',
  'ET',
  'RW',
  'GH',
  'ZA',
  'ZM',
  'SS',
  'MW',
  'SO',
  'MZ',
  'ZW',
  'CD',
];

const NAME_PARTS = [
  'Umoja',
  'Harambee',
  'Jamii',
  'Taifa',
  'Baraka',
  'Nyota',
  'Amani',
  'Pamoja',
  'Kijani',
  'Simba',
  'Tumaini',
  'Mwangaza',
  'Pwani',
  'Ziwa',
  'Mlima',
  'Savanna',
  'Rift Valley',
  'Lakeside',
  'Highland',
  'Coastal',
  'Sahel',
  'Nile',
  'Zambezi',
  'Equator',
  'Kilimanjaro',
  'Tana',
  'Great Lakes',
  'Acacia',
] as const;

const PRIVATE_KINDS = [
  'Bank',
  'Insurance Company',
  'Energy Limited',
  'Logistics Limited',
  'Flour Mills',
  'Telecom',
  'Breweries',
  'Sugar Company',
  'Cement Limited',
  'Tea Factory',
  'Hospital',
  'Hotels and Resorts',
  'Pharmaceuticals',
  'Dairies',
  'Motors',
  'Holdings',
  'Academy',
  'Microfinance Bank',
] as const;

const AGENCIES = [
  'Ports Authority',
  'Power and Lighting Company',
  'Rural Roads Authority',
  'Urban Roads Authority',
  'National Highways Authority',
  'Medical Supplies Authority',
  'Revenue Authority',
  'Airports Authority',
  'Railways Corporation',
  'Bureau of Standards',
  'Pipeline Company',
  'Electricity Generating Company',
  'Electricity Transmission Company',
  'Wildlife Service',
  'Forest Service',
  'Broadcasting Corporation',
  'Water Resources Authority',
  'Agricultural and Livestock Research Organisation',
  'National Examinations Council',
  'Institute of Curriculum Development',
  'Post Office Savings Bank',
  'Tea Development Agency',
  'Seed Company',
  'Meat Commission',
  'National Library Service',
  'Civil Aviation Authority',
] as const;

const MINISTRIES = [
  'Health',
  'Education',
  'Water and Sanitation',
  'Agriculture and Livestock Development',
  'Roads and Transport',
  'Energy and Petroleum',
  'Information, Communications and the Digital Economy',
  'Lands, Public Works and Housing',
  'Interior and National Administration',
  'Trade and Industry',
  'Environment and Forestry',
  'Tourism and Wildlife',
  'Gender, Culture and Social Services',
  'Public Service',
] as const;

const NGOS = [
  'World Vision',
  'Save the Children',
  'Norwegian Refugee Council',
  'Danish Refugee Council',
  'Catholic Relief Services',
  'Amref Health Africa',
  'International Rescue Committee',
  'Mercy Corps',
  'CARE International',
  'Plan International',
  'Kenya Red Cross Society',
  'ActionAid',
  'Oxfam',
  'Médecins Sans Frontières',
  'Concern Worldwide',
  'Islamic Relief',
  'Aga Khan Foundation',
  'Global Communities',
  'Lutheran World Federation',
  'Food for the Hungry',
] as const;

const GENERIC_SUBJECTS = [
  'Supply and Delivery of Assorted Items',
  'Provision of General Maintenance Services',
  'Supply of Assorted Office and Cleaning Materials',
  'Construction of Administration Block',
  'Construction of Classrooms and Ablution Block',
  'Rehabilitation of Water Supply Scheme',
  'Drilling and Equipping of Boreholes',
  'Upgrading of Access Roads to Bitumen Standards',
  'Construction of Footbridges and Drifts',
  'Renovation of Staff Houses',
  'Construction of Maternity Wing',
  'Installation of Solar Street Lights',
  'Construction of Market Sheds',
  'Fencing of Dispensary Compound',
  'Provision of Consultancy Services for Feasibility Study',
  'Provision of Medical Insurance Cover for Staff',
] as const;

const SITES = [
  'Head Office',
  'the Sub-County Hospital',
  'the Main Campus',
  'the County Headquarters',
  'the Regional Office',
  'the Depot',
  'the Water Treatment Works',
  'the Primary School',
  'the Health Centre',
  'the Industrial Park',
  'the Port',
  'the Training Institute',
] as const;

const FIRST_NAMES = [
  'Wanjiru',
  'Otieno',
  'Achieng',
  'Kamau',
  'Njeri',
  'Mwangi',
  'Akinyi',
  'Kiprotich',
  'Chebet',
  'Mutua',
  'Amina',
  'Hassan',
  'Grace',
  'John',
  'Mary',
  'Peter',
  'Faith',
  'Brian',
  'Esther',
  'David',
] as const;

const LAST_NAMES = [
  'Mwangi',
  'Odhiambo',
  'Kariuki',
  'Wafula',
  'Njoroge',
  'Kiplagat',
  'Omondi',
  'Mutiso',
  'Wambui',
  'Abdi',
  'Onyango',
  'Cheruiyot',
  'Nyambura',
  'Barasa',
  'Kilonzo',
  'Okello',
] as const;

const REQUIREMENTS = [
  'Certified copy of the Certificate of Incorporation or Business Registration',
  'Valid Tax Compliance Certificate',
  'Current trade licence or single business permit',
  'Duly filled and signed confidential business questionnaire',
  'Audited financial statements for the last two years',
  'Bank statements for the last six months',
  'CR12 form issued within the last three months',
  'Evidence of at least three similar assignments with reference letters',
  'Bid security of 2% of the tender sum in the form of a bank guarantee',
  'Valid registration with the National Construction Authority',
  'Valid registration with the Energy and Petroleum Regulatory Authority',
  'Registration with the Pharmacy and Poisons Board',
  'AGPO certificate for youth, women or persons with disabilities, where applicable',
  'Manufacturer’s authorisation and product brochures',
  'Signed declaration of non-debarment and anti-corruption',
  'Detailed work methodology and implementation schedule',
  'Curricula vitae of key personnel with certified academic certificates',
  'Physical address of the business premises and a sketch map',
] as const;

const BIDDERS = [
  'firms',
  'bidders',
  'suppliers',
  'contractors',
  'service providers',
  'consultants',
  'registered firms',
] as const;

export const SECTOR_WEIGHTS = [
  ['Public', 34],
  ['Parastatal', 16],
  ['Private', 22],
  ['NGO', 18],
  ['Sacco', 7],
  [null, 3],
] as const;

export const JOB_TYPE_WEIGHTS = [
  ['Tender', 55],
  ['Request For Quotation', 27],
  ['Supplier Prequalification', 18],
] as const;

export type Sector = (typeof SECTOR_WEIGHTS)[number][0];
export type JobType = (typeof JOB_TYPE_WEIGHTS)[number][0];

export interface CountryRef {
  iso2: string;
  name: string;
  currency: string;
}

export function personName(random: Random) {
  return { firstName: pick(random, FIRST_NAMES), lastName: pick(random, LAST_NAMES) };
}

/** An advertiser organisation's name: a private firm, a Sacco or an NGO branch. */
export function advertiserName(random: Random, sector: Sector): string {
  if (sector === 'Sacco') return `${pick(random, NAME_PARTS)} Sacco Society Limited`;
  if (sector === 'NGO') return `${pick(random, NAME_PARTS)} Community Development Foundation`;
  return `${pick(random, NAME_PARTS)} ${pick(random, PRIVATE_KINDS)}`;
}

function place(random: Random, country: CountryRef): string {
  const cities = CITIES[country.iso2.trim()];
  if (country.iso2.trim() === 'KE' && random() < 0.5) return pick(random, KENYAN_COUNTIES);
  return cities ? pick(random, cities) : country.name;
}

/** The buying organisation of an operator-posted tender, after its sector and country. */
export function companyName(random: Random, sector: Sector, country: CountryRef): string {
  const kenya = country.iso2.trim() === 'KE';
  switch (sector) {
    case 'Public': {
      const r = random();
      if (kenya && r < 0.55) return `County Government of ${pick(random, KENYAN_COUNTIES)}`;
      if (r < 0.75) return `Ministry of ${pick(random, MINISTRIES)}${kenya ? '' : `, ${country.name}`}`;
      if (r < 0.88) return `${place(random, country)} University`;
      return kenya
        ? `${pick(random, KENYAN_COUNTIES)} County Referral Hospital`
        : `City Council of ${place(random, country)}`;
    }
    case 'Parastatal':
      return random() < 0.8
        ? `${country.name} ${pick(random, AGENCIES)}`
        : `${place(random, country)} Water and Sanitation Company`;
    case 'NGO':
      return random() < 0.7
        ? `${pick(random, NGOS)} ${country.name}`
        : `${pick(random, NAME_PARTS)} Community Development Foundation`;
    case 'Sacco':
      return random() < 0.5
        ? `${pick(random, NAME_PARTS)} Sacco Society Limited`
        : `${place(random, country)} Teachers Sacco`;
    default:
      return `${pick(random, NAME_PARTS)} ${pick(random, PRIVATE_KINDS)}`;
  }
}

function financialYear(closingAt: Date): string {
  const start = closingAt.getUTCMonth() >= 6 ? closingAt.getUTCFullYear() : closingAt.getUTCFullYear() - 1;
  return `${start}/${start + 1}`;
}

/** Title as bulletins print it: the item or works (often the category), a job-type prefix, a place. */
export function tenderTitle(
  random: Random,
  input: { jobType: JobType; categoryName: string | null; country: CountryRef; closingAt: Date },
): string {
  const subject = input.categoryName ?? pick(random, GENERIC_SUBJECTS);
  const fy = financialYear(input.closingAt);
  if (input.jobType === 'Supplier Prequalification') {
    return input.categoryName && random() < 0.8
      ? `Prequalification of Suppliers for FY ${fy}: ${subject}`
      : `Registration of Suppliers and Contractors for FY ${fy}`;
  }
  const r = random();
  const suffix =
    r < 0.45
      ? ''
      : r < 0.65
        ? ` at ${pick(random, SITES)}, ${place(random, input.country)}`
        : r < 0.8
          ? ` in ${place(random, input.country)}`
          : r < 0.9
            ? ` for FY ${fy}`
            : r < 0.95
              ? ' (Re-advertisement)'
              : ' – Framework Contract for Two Years';
  return input.jobType === 'Request For Quotation'
    ? `Request for Quotation: ${subject}${suffix}`
    : `${random() < 0.3 ? 'Tender for ' : ''}${subject}${suffix}`;
}

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Africa/Nairobi',
});

/** The notice: a few paragraphs of sanitised HTML (p, strong, ul/li), as the publish form stores it. */
export function tenderContent(
  random: Random,
  input: { title: string; company: string; country: CountryRef; closingAt: Date; reference: string },
): string {
  const bidders = pick(random, BIDDERS);
  const requirements = shuffled(random, REQUIREMENTS).slice(0, 3 + Math.floor(random() * 4));
  const site = `${pick(random, SITES)}, ${place(random, input.country)}`;
  const paragraphs = [
    `<p>The ${input.company} invites sealed bids from eligible ${bidders} for the ${input.title.replace(/^(Tender for|Request for Quotation:) /, '').toLowerCase()}.</p>`,
    random() < 0.5
      ? `<p>Tender documents with detailed specifications may be viewed and downloaded free of charge from the e-procurement portal, or obtained from the procurement office at ${site} during normal working hours upon payment of a non-refundable fee of ${input.country.currency} 1,000.</p>`
      : `<p>Interested eligible ${bidders} may obtain further information and inspect the tender documents at the procurement office, ${site}, between 8.00 a.m. and 5.00 p.m., Monday to Friday, excluding public holidays.</p>`,
    `<p><strong>Tender No. ${input.reference}</strong>. Mandatory requirements:</p><ul>${requirements.map((item) => `<li>${item}</li>`).join('')}</ul>`,
    `<p>Completed documents in plain sealed envelopes clearly marked with the tender number and description shall be addressed to the Head of Supply Chain Management, ${input.company}, so as to reach the office on or before ${dateFormat.format(input.closingAt)}. ${random() < 0.6 ? 'Bids will be opened immediately thereafter in the presence of the bidders or their representatives who choose to attend.' : 'Late bids will be rejected.'}</p>`,
  ];
  if (random() < 0.3) {
    paragraphs.push(
      `<p>Canvassing or lobbying for the tender shall lead to automatic disqualification. The ${input.company} reserves the right to accept or reject any bid without giving reasons.</p>`,
    );
  }
  return paragraphs.join('');
}

export function contactPhone(random: Random): string {
  return `+2547${String(Math.floor(random() * 100_000_000)).padStart(8, '0')}`;
}

/** An upper-case abbreviation of the company for tender numbers: "County Government of Kisumu" → "CGK". */
export function abbreviation(company: string): string {
  return company
    .split(/[^A-Za-z]+/)
    .filter((word) => word.length > 2 && word[0] === word[0]!.toUpperCase())
    .map((word) => word[0])
    .join('')
    .slice(0, 5);
}
