import { useId, useState } from 'react';
import type { Firm } from '../../../../contract/firm';
import { STATS_PERIODS, type StatsPeriod } from '../../../../contract/visits';
import { firmExportHref, useFirmTeam } from './firm';

const PAGE_STATE = { live: 'Live', 'not-live': 'Not live', 'not-set-up': 'Not set up' } as const;

/** The admin's view of the team: each member's page, its visits by source and its enquiries, then the latest ones. */
export function Team({ firm }: { firm: Firm }) {
  const [days, setDays] = useState<StatsPeriod>(30);
  const team = useFirmTeam(firm.id, days);
  const id = useId();
  return (
    <section className="card settings" aria-labelledby="firm-team-heading">
      <h2 id="firm-team-heading">The team</h2>
      <div className="account-form__row">
        <label htmlFor={id}>Period</label>
        <select id={id} value={days} onChange={(event) => setDays(Number(event.target.value) as StatsPeriod)}>
          {STATS_PERIODS.map((period) => (
            <option key={period} value={period}>
              Last {period} days
            </option>
          ))}
        </select>
      </div>
      {team.isError && (
        <p className="form__problem" role="alert">
          {team.error.message}
        </p>
      )}
      {team.data && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls, so keyboards must reach it.
        <section className="table-scroll firm__table" tabIndex={0} aria-label="The team’s figures">
          <table>
            <caption>Pages, visits and enquiries, last {team.data.days} days</caption>
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col">Page</th>
                <th scope="col">NFC taps</th>
                <th scope="col">QR scans</th>
                <th scope="col">Links</th>
                <th scope="col">Enquiries (new)</th>
              </tr>
            </thead>
            <tbody>
              {team.data.members.map((member) => (
                <tr key={member.id}>
                  <th scope="row">{member.name}</th>
                  <td>{PAGE_STATE[member.page]}</td>
                  <td>{member.views.nfc}</td>
                  <td>{member.views.qr}</td>
                  <td>{member.views.link}</td>
                  <td>
                    {member.enquiries} ({member.newEnquiries})
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">The firm</th>
                <td />
                <td>{team.data.totals.views.nfc}</td>
                <td>{team.data.totals.views.qr}</td>
                <td>{team.data.totals.views.link}</td>
                <td>
                  {team.data.totals.enquiries} ({team.data.totals.newEnquiries})
                </td>
              </tr>
            </tfoot>
          </table>
        </section>
      )}
      {team.data && team.data.enquiries.length > 0 && (
        <>
          <h3>Latest enquiries</h3>
          <ul className="firm__invites">
            {team.data.enquiries.map((enquiry) => (
              <li key={enquiry.id}>
                {new Date(enquiry.receivedAt).toLocaleDateString('en-GB')}: {enquiry.customer} to{' '}
                {enquiry.memberName} ({enquiry.status}): {enquiry.job}
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <a href={firmExportHref(firm.id)} download>
          Download the firm’s data
        </a>
      </p>
    </section>
  );
}
