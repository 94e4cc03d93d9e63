import { describe, expect, it } from 'vitest';
import { NO_CLICKS as none, totalsWith as totals } from '../../tests/support/visits/stats';
import { dayRange, weeklySummaryMail } from './summary-templates';

const facts = {
  name: 'Dana Pipe',
  from: '2026-11-16',
  to: '2026-11-22',
  pageUrl: 'https://tradecard.test/u/dana',
  statsUrl: 'https://tradecard.test/stats',
  offUrl: 'https://tradecard.test/api/weekly-summary/off/acc.mac',
  reviews: { requested: 0, received: 0 },
};

describe('the weekly summary mail', () => {
  it('names the week as a person reads dates', () => {
    expect(dayRange('2026-11-16', '2026-11-22')).toBe('16–22 November 2026');
    expect(dayRange('2026-11-30', '2026-12-06')).toBe('30 November – 6 December 2026');
    expect(dayRange('2026-12-28', '2027-01-03')).toBe('28 December 2026 – 3 January 2027');
  });

  it('gives views by source, visitors and each press, summed over sources, and the reviews, in both parts', () => {
    const mail = weeklySummaryMail({
      ...facts,
      reviews: { requested: 3, received: 2 },
      totals: totals({
        views: { nfc: 3, qr: 1200, link: 5 },
        visitors: 9,
        clicks: {
          nfc: { ...none, save: 2, call: 1 },
          qr: { ...none, whatsapp: 4, email: 1, instagram: 7 },
          link: { ...none, save: 1 },
        },
      }),
    });
    expect(mail.subject).toBe('Your TradeCard week: 1,208 views (16–22 November 2026)');
    expect(mail.text).toContain('Your page had 1,208 views from 16–22 November 2026.');
    expect(mail.text).toContain(
      [
        'Views: 1,208',
        'NFC taps: 3',
        'QR scans: 1,200',
        'Link opens: 5',
        'Unique visitors: 9',
        'Save My Number: 3',
        'Calls: 1',
        'WhatsApp: 4',
        'Emails: 1',
        'Reviews asked for: 3',
        'Reviews received: 2',
      ].join('\n'),
    );
    expect(mail.text).toContain('See your statistics: https://tradecard.test/stats');
    expect(mail.text).toContain(
      'You get this summary every Monday. Turn it off: https://tradecard.test/api/weekly-summary/off/acc.mac',
    );
    expect(mail.text).toContain('Unique visitors are counted per day.');
    expect(mail.html).toContain('>QR scans</td><td');
    expect(mail.html).toContain('>1,200</td>');
    expect(mail.html).toContain('<a href="https://tradecard.test/stats"');
    expect(mail.html).toContain('<a href="https://tradecard.test/api/weekly-summary/off/acc.mac"');
  });

  it('in a week with no visits, says how to share the page', () => {
    const mail = weeklySummaryMail({ ...facts, totals: totals() });
    expect(mail.subject).toBe('Your TradeCard week: 0 views (16–22 November 2026)');
    expect(mail.text).toContain('Nobody opened your page from 16–22 November 2026.');
    expect(mail.text).toContain('send them your link, https://tradecard.test/u/dana.');
  });

  it('escapes the name in the HTML part and keeps it on one line in the text', () => {
    const mail = weeklySummaryMail({ ...facts, name: '<b>Dana</b>\n\nClick here', totals: totals() });
    expect(mail.html).toContain('Hi &lt;b&gt;Dana&lt;/b&gt; Click here,');
    expect(mail.html).not.toContain('<b>Dana');
    expect(mail.text.startsWith('Hi <b>Dana</b> Click here,\n\n')).toBe(true);
  });

  it('refuses a link that is not http(s)', () => {
    expect(() => weeklySummaryMail({ ...facts, offUrl: 'javascript:alert(1)', totals: totals() })).toThrow(
      'http(s)',
    );
  });
});
