/** The 54 African states: ISO 3166-1 alpha-2, common English name, international dial code, ISO 4217 currency. */
export interface CountrySeed {
  iso2: string;
  name: string;
  dialCode: string;
  currency: string;
}

const rows: ReadonlyArray<readonly [string, string, string, string]> = [
  ['DZ', 'Algeria', '+213', 'DZD'],
  ['AO', 'Angola', '+244', 'AOA'],
  ['BJ', 'Benin', '+229', 'XOF'],
  ['BW', 'Botswana', '+267', 'BWP'],
  ['BF', 'Burkina Faso', '+226', 'XOF'],
  ['BI', 'Burundi', '+257', 'BIF'],
  ['CV', 'Cabo Verde', '+238', 'CVE'],
  ['CM', 'Cameroon', '+237', 'XAF'],
  ['CF', 'Central African Republic', '+236', 'XAF'],
  ['TD', 'Chad', '+235', 'XAF'],
  ['KM', 'Comoros', '+269', 'KMF'],
  ['CG', 'Congo', '+242', 'XAF'],
  ['CD', 'Democratic Republic of the Congo', '+243', 'CDF'],
  ['CI', "Côte d'Ivoire", '+225', 'XOF'],
  ['DJ', 'Djibouti', '+253', 'DJF'],
  ['EG', 'Egypt', '+20', 'EGP'],
  ['GQ', 'Equatorial Guinea', '+240', 'XAF'],
  ['ER', 'Eritrea', '+291', 'ERN'],
  ['SZ', 'Eswatini', '+268', 'SZL'],
  ['ET', 'Ethiopia', '+251', 'ETB'],
  ['GA', 'Gabon', '+241', 'XAF'],
  ['GM', 'Gambia', '+220', 'GMD'],
  ['GH', 'Ghana', '+233', 'GHS'],
  ['GN', 'Guinea', '+224', 'GNF'],
  ['GW', 'Guinea-Bissau', '+245', 'XOF'],
  ['KE', 'Kenya', '+254', 'KES'],
  ['LS', 'Lesotho', '+266', 'LSL'],
  ['LR', 'Liberia', '+231', 'LRD'],
  ['LY', 'Libya', '+218', 'LYD'],
  ['MG', 'Madagascar', '+261', 'MGA'],
  ['MW', 'Malawi', '+265', 'MWK'],
  ['ML', 'Mali', '+223', 'XOF'],
  ['MR', 'Mauritania', '+222', 'MRU'],
  ['MU', 'Mauritius', '+230', 'MUR'],
  ['MA', 'Morocco', '+212', 'MAD'],
  ['MZ', 'Mozambique', '+258', 'MZN'],
  ['NA', 'Namibia', '+264', 'NAD'],
  ['NE', 'Niger', '+227', 'XOF'],
  ['NG', 'Nigeria', '+234', 'NGN'],
  ['RW', 'Rwanda', '+250', 'RWF'],
  ['ST', 'São Tomé and Príncipe', '+239', 'STN'],
  ['SN', 'Senegal', '+221', 'XOF'],
  ['SC', 'Seychelles', '+248', 'SCR'],
  ['SL', 'Sierra Leone', '+232', 'SLE'],
  ['SO', 'Somalia', '+252', 'SOS'],
  ['ZA', 'South Africa', '+27', 'ZAR'],
  ['SS', 'South Sudan', '+211', 'SSP'],
  ['SD', 'Sudan', '+249', 'SDG'],
  ['TZ', 'Tanzania', '+255', 'TZS'],
  ['TG', 'Togo', '+228', 'XOF'],
  ['TN', 'Tunisia', '+216', 'TND'],
  ['UG', 'Uganda', '+256', 'UGX'],
  ['ZM', 'Zambia', '+260', 'ZMW'],
  ['ZW', 'Zimbabwe', '+263', 'ZWG'],
];

export const AFRICAN_COUNTRIES: readonly CountrySeed[] = rows.map(([iso2, name, dialCode, currency]) => ({
  iso2,
  name,
  dialCode,
  currency,
}));

/** The flag emoji of an ISO-2 code: two regional-indicator symbols. */
export function flagEmoji(iso2: string): string {
  return String.fromCodePoint(...[...iso2.toUpperCase()].map((ch) => 0x1f1e6 + ch.charCodeAt(0) - 65));
}
