// Decision 0074: a reminder job's one email per landlord says how many things it lists in its subject, and its HTML
// part escapes what people typed (a home's title) while its plain-text part says the same in words.
import { describe, expect, it } from 'vitest';
import { complianceSubject } from '../../src/server/features/compliance/reminders';
import { type RepairReminder, repairReminderSubject } from '../../src/server/features/repairs/notices';
import type { RepairRow } from '../../src/server/features/repairs/queries';
import { digestEmail } from '../../src/server/mail/digest';

const check = (home: string, kind: 'gas_safety' | 'epc', stage: 'd7' | 'overdue') => ({
  home: { id: home, title: home },
  kind,
  dueOn: '2027-01-10',
  stage,
});
const repair = (kind: RepairReminder['kind'], urgency = 'urgent'): RepairReminder => ({
  kind,
  repair: { urgency } as RepairRow,
  home: 'Flat',
});

describe('reminder digests', () => {
  it('counts homes, not checks, in a compliance subject, and says which are overdue', () => {
    expect(complianceSubject([check('a', 'gas_safety', 'd7'), check('b', 'gas_safety', 'd7')])).toBe(
      '2 homes need a safety check soon',
    );
    expect(complianceSubject([check('a', 'gas_safety', 'd7')])).toBe('1 home needs a safety check soon');
    expect(complianceSubject([check('a', 'gas_safety', 'overdue'), check('a', 'epc', 'overdue')])).toBe(
      '1 home has a compliance check overdue',
    );
    expect(
      complianceSubject([
        check('a', 'gas_safety', 'overdue'),
        check('b', 'gas_safety', 'd7'),
        check('c', 'gas_safety', 'd7'),
      ]),
    ).toBe('3 homes need a safety check: 1 overdue');
  });

  it('counts repairs in a repair subject and puts an emergency first', () => {
    expect(repairReminderSubject([repair('due_soon')])).toBe('1 repair is due soon');
    expect(repairReminderSubject([repair('overdue'), repair('overdue')])).toBe('2 repairs are overdue');
    expect(
      repairReminderSubject([repair('overdue'), repair('due_soon', 'emergency'), repair('due_soon')]),
    ).toBe('Emergency: 3 repairs need you: 1 overdue');
  });

  it('escapes every value in the HTML part and keeps the plain text plain', () => {
    const mail = digestEmail({
      to: 'landlord@example.test',
      firstName: '<Lena>',
      subject: '1 home needs a safety check soon',
      kind: 'compliance_reminder',
      intro: 'This check is due:',
      columns: ['Home', 'Check', 'Due', 'Status'],
      lines: [
        {
          home: 'Flat <script>alert(1)</script> & "Co"',
          what: 'Gas safety check',
          due: 'due Sun 10 Jan',
          status: 'Due in 7 days',
          link: 'https://yourplace.test/listings/1/compliance?a=1&b="2"',
          linkLabel: "Calendar of Flat's <b>",
        },
      ],
      outro: ['Record it.'],
    });
    expect(mail.text).toContain('Hello <Lena>,');
    expect(mail.text).toContain(
      '- Flat <script>alert(1)</script> & "Co": Gas safety check, due Sun 10 Jan (Due in 7 days)',
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<Lena>');
    expect(mail.html).toContain('<td>Flat &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;</td>');
    expect(mail.html).toContain(
      '<a href="https://yourplace.test/listings/1/compliance?a=1&amp;b=&quot;2&quot;">Calendar of Flat&#39;s &lt;b&gt;</a>',
    );
    expect(mail.html).toContain('<th scope="col">Status</th>');
  });
});
