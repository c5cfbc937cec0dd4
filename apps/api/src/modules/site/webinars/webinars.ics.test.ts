import { describe, expect, it } from 'vitest';
import { calendarInvite, escapeText, foldLine } from './webinars.ics.ts';

const event = {
  uid: 'webinar-7-registration-3@zabuni.test',
  start: new Date('2026-12-01T07:00:00.000Z'),
  durationMinutes: 90,
  summary: 'eAuctions, in practice; a tour',
  description: 'Line one\nLine two',
  url: 'https://meet.example/abc',
  organizer: { name: 'Zabuni', email: 'support@zabuni.test' },
  stamp: new Date('2026-11-26T06:00:00.000Z'),
};

describe('calendar invite (RFC 5545)', () => {
  it('writes the event in UTC with its UID, summary and URL, lines ended by CRLF', () => {
    const ics = calendarInvite(event);
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.split('\r\n')).toEqual(
      expect.arrayContaining([
        'UID:webinar-7-registration-3@zabuni.test',
        'DTSTART:20261201T070000Z',
        'DTEND:20261201T083000Z',
        'DTSTAMP:20261126T060000Z',
        'SUMMARY:eAuctions\\, in practice\\; a tour',
        'DESCRIPTION:Line one\\nLine two',
        'URL:https://meet.example/abc',
        'METHOD:PUBLISH',
        'STATUS:CONFIRMED',
      ]),
    );
    expect(ics.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('cancels with the same UID, a higher sequence and STATUS:CANCELLED', () => {
    const ics = calendarInvite({ ...event, cancelled: true, sequence: 1 }).split('\r\n');
    expect(ics).toEqual(
      expect.arrayContaining(['METHOD:CANCEL', 'SEQUENCE:1', 'STATUS:CANCELLED', `UID:${event.uid}`]),
    );
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const long = `SUMMARY:${'ዌቢናር '.repeat(30)}`;
    const folded = foldLine(long);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(
      folded
        .split('\r\n')
        .slice(1)
        .every((line) => line.startsWith(' ')),
    ).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
    expect(escapeText('a\\b')).toBe('a\\\\b');
  });
});
