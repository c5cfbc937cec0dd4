import { describe, expect, it } from 'vitest';
import {
  countryName,
  formatDate,
  formatDay,
  formatFileSize,
  formatForViewer,
  formatMoney,
  formatRelative,
  sameClockAsNairobi,
  todayInNairobi,
  zoneName,
} from './format.ts';

describe('formatDate', () => {
  it('writes English dates as "Month Day, Year" in East Africa Time', () => {
    // 20:30 UTC is 23:30 in Nairobi, still the same day.
    expect(formatDate('2026-11-21T20:30:00Z', 'en')).toBe('November 21, 2026');
    // 22:00 UTC is 01:00 the next day in Nairobi.
    expect(formatDate('2026-11-21T22:00:00Z', 'en')).toBe('November 22, 2026');
  });

  it('adds hh:mm am/pm when asked, always with the zone: EAT', () => {
    expect(formatDate('2026-11-21T07:05:00Z', 'en', true)).toBe('November 21, 2026 10:05 am EAT');
    expect(formatDate('2026-11-21T20:30:00Z', 'en', true)).toBe('November 21, 2026 11:30 pm EAT');
    expect(formatDate('2026-11-21T07:05:00Z', 'fr', true)).toMatch(/novembre.*EAT$/);
  });

  it('uses the month names of other languages', () => {
    expect(formatDate('2026-11-21T07:05:00Z', 'fr')).toContain('novembre');
    expect(formatDate('2026-11-21T07:05:00Z', 'sw')).toMatch(/Novemba/i);
  });

  it('gives an empty string for an invalid date', () => {
    expect(formatDate('nonsense', 'en')).toBe('');
  });
});

describe('formatRelative', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it('picks the largest whole unit', () => {
    expect(formatRelative('2026-11-24T12:00:00Z', 'en', now)).toBe('in 3 days');
    expect(formatRelative('2026-11-21T10:00:00Z', 'en', now)).toBe('2 hours ago');
  });
});

describe('formatMoney', () => {
  it('shows two decimals and the code', () => {
    expect(formatMoney(3000, 'KES')).toBe('KES 3,000.00');
    expect(formatMoney(400.5, 'KES')).toBe('KES 400.50');
  });
});

describe('countryName', () => {
  it('names a country in the viewer language and keeps the given name otherwise', () => {
    expect(countryName('KE', 'Kenya', 'en')).toBe('Kenya');
    expect(countryName('CI', "Côte d'Ivoire", 'fr')).toMatch(/Côte d.Ivoire/);
    expect(countryName('KE', 'Kenya', 'am')).toBe('ኬንያ');
    expect(countryName('XX', 'Somewhere', 'en')).toBe('Somewhere');
  });
});

describe('time zones (issue 16 point 6: one rule)', () => {
  it('writes the noon hour as 12 in every language, as browsers do (the server wrote "0:24 PM" in sw and fr, and the page failed to hydrate)', () => {
    for (const language of ['en', 'sw', 'fr', 'pt', 'am']) {
      const text = formatForViewer('2026-12-04T09:24:00Z', language, 'Africa/Nairobi');
      expect(text, language).toMatch(/12:24/);
      expect(text, language).not.toMatch(/(^|\D)0:24/);
    }
  });
  it('formats in a given zone, named', () => {
    expect(formatDate('2026-11-21T07:05:00Z', 'en', true, 'Europe/Paris')).toBe(
      'November 21, 2026 08:05 am GMT+1',
    );
  });

  it('shows a time near midnight UTC on the next day in EAT, labelled', () => {
    // 22:30 UTC on the 25th is 01:30 on the 26th in Nairobi.
    expect(formatForViewer('2026-11-25T22:30:00Z', 'en', 'Africa/Nairobi')).toBe(
      'November 26, 2026 01:30 am EAT',
    );
    expect(formatDay('2026-11-25T22:30:00Z', 'en')).toBe('Nov 26, 2026');
    expect(formatDay('2026-11-25', 'en')).toBe('Nov 25, 2026');
    expect(todayInNairobi(new Date('2026-11-25T22:30:00Z'))).toBe('2026-11-26');
  });

  it('gives a viewer in Europe/Paris their time and EAT both; Kampala (same clock) only EAT', () => {
    expect(formatForViewer('2026-11-25T22:30:00Z', 'en', 'Europe/Paris')).toBe(
      'November 25, 2026 11:30 pm GMT+1 (November 26, 2026 01:30 am EAT)',
    );
    expect(formatForViewer('2026-11-25T22:30:00Z', 'en', 'Africa/Kampala')).toBe(
      'November 26, 2026 01:30 am EAT',
    );
  });

  it('knows which zones keep Nairobi time', () => {
    expect(sameClockAsNairobi('2026-11-21T07:05:00Z', 'Africa/Kampala')).toBe(true);
    expect(sameClockAsNairobi('2026-11-21T07:05:00Z', 'Europe/Paris')).toBe(false);
    expect(zoneName('2026-11-21T07:05:00Z', 'Europe/Paris', 'en')).toBe('GMT+1');
  });
});

describe('formatFileSize', () => {
  it('picks the unit and keeps one decimal below ten', () => {
    expect(formatFileSize(820, 'en')).toBe('0.8 kB');
    expect(formatFileSize(14_200, 'en')).toBe('14 kB');
    expect(formatFileSize(3_240_000, 'en')).toBe('3.1 MB');
    expect(formatFileSize(20 * 1024 * 1024, 'en')).toBe('20 MB');
  });
});
