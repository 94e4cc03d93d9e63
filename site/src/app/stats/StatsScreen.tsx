import { type ReactNode, useEffect, useState } from 'react';
import { hasVisits } from '../../../../contract/visit-figures';
import { STATS_PERIODS, type StatsPeriod, type VisitStats } from '../../../../contract/visits';
import { COUNTED_PER_ADDRESS_PER_DAY, VISIT_SOURCES } from '../../../../events/visit/kinds';
import { useProfile, useVisitStats } from '../queries';
import { count, dayLabel, dayRows, headlines, readPeriod, SOURCE_COLUMNS, sourceRows } from './figures';
import { StatsChart } from './StatsChart';

function PeriodChoice({ days, onChange }: { days: StatsPeriod; onChange: (days: StatsPeriod) => void }) {
  return (
    <fieldset className="segmented">
      <legend className="visually-hidden">Period</legend>
      {STATS_PERIODS.map((period) => (
        <label key={period} className="segmented__option">
          <input
            type="radio"
            name="period"
            value={period}
            checked={period === days}
            onChange={() => onChange(period)}
          />
          <span>
            <span className="visually-hidden">Last </span>
            {period} days
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function Headlines({ stats }: { stats: VisitStats }) {
  return (
    <dl className="stats__figures">
      {headlines(stats).map(({ key, label, value }) => (
        <div key={key} className="stats__figure">
          <dt>{label}</dt>
          <dd>{count(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function SourceTable({ stats }: { stats: VisitStats }) {
  return (
    <div className="table-scroll">
      <table className="stats__table">
        {/* The period of the numbers shown, which for a moment after a new choice are the last period's. */}
        <caption>Last {stats.days.length} days by source</caption>
        <thead>
          <tr>
            <td />
            {VISIT_SOURCES.map((source) => (
              <th key={source} scope="col">
                {SOURCE_COLUMNS[source]}
              </th>
            ))}
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {sourceRows(stats).map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {VISIT_SOURCES.map((source) => {
                const value = row.cells[source];
                return (
                  <td key={source}>
                    {value === null ? (
                      <>
                        <span aria-hidden="true">–</span>
                        <span className="visually-hidden">not counted by source</span>
                      </>
                    ) : (
                      count(value)
                    )}
                  </td>
                );
              })}
              <td>{count(row.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DayTable({ stats }: { stats: VisitStats }) {
  return (
    <details className="stats__days">
      <summary>The chart’s numbers, day by day</summary>
      <div className="table-scroll">
        <table className="stats__table">
          <caption className="visually-hidden">Views each day by source</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {VISIT_SOURCES.map((source) => (
                <th key={source} scope="col">
                  {SOURCE_COLUMNS[source]}
                </th>
              ))}
              <th scope="col">Views</th>
              <th scope="col">Unique visitors</th>
            </tr>
          </thead>
          <tbody>
            {dayRows(stats.days).map((row) => (
              <tr key={row.day}>
                <th scope="row">{dayLabel(row.day)}</th>
                {VISIT_SOURCES.map((source) => (
                  <td key={source}>{count(row.views[source])}</td>
                ))}
                <td>{count(row.total)}</td>
                <td>{count(row.visitors)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function Notes() {
  return (
    <ul className="stats__notes">
      <li>Unique visitors are counted per day: someone who comes back on another day counts again.</li>
      <li>
        So the figures mean people: one internet address counts for at most {COUNTED_PER_ADDRESS_PER_DAY}{' '}
        visits a day, {COUNTED_PER_ADDRESS_PER_DAY} clicks on each button and {COUNTED_PER_ADDRESS_PER_DAY}{' '}
        unique visitors, and a click counts only from someone whose visit was counted that day.
      </li>
      <li>
        Calls, WhatsApp, emails and social links are counted only in browsers that report link clicks: Chrome,
        Edge, Safari, Samsung Internet and Opera do, Firefox and Brave do not. Save My Number is counted in
        every browser.
      </li>
      <li>Days are UTC days, and today is counted so far.</li>
      <li>Visits are counted without cookies, and no visitor’s address is kept.</li>
    </ul>
  );
}

function NoVisits({ days, username }: { days: number; username: string | undefined }) {
  return (
    <div className="card stats__empty">
      <h2>No visits in the last {days} days yet</h2>
      <p>Your visits show here as soon as people open your page. Share it to get them:</p>
      <ul>
        <li>Tap your NFC card on a customer’s phone.</li>
        <li>Let them scan your QR code: Share Your Page, at the top, shows it and lets you download it.</li>
        <li>
          Send your link by text, WhatsApp or email
          {username ? (
            <>
              : <a href={`/u/${username}`}>{`${window.location.host}/u/${username}`}</a>
            </>
          ) : (
            '.'
          )}
        </li>
      </ul>
    </div>
  );
}

/** Issue 16: how many people opened the owner's page, how they came, and what they did there. */
export function StatsScreen() {
  const [days, setDays] = useState<StatsPeriod>(() => readPeriod(window.location.search));
  const stats = useVisitStats(days);
  const profile = useProfile();

  // The choice is kept in the address, so a reload shows the same period.
  useEffect(() => {
    const url = new URL(window.location.href);
    url.searchParams.set('days', String(days));
    window.history.replaceState(window.history.state, '', url);
  }, [days]);

  let body: ReactNode;
  if (stats.isPending) body = <p className="stats__state">Loading your statistics…</p>;
  else if (stats.isError)
    body = (
      <p className="form__problem" role="alert">
        {stats.error.message}
      </p>
    );
  else if (!hasVisits(stats.data.totals))
    body = <NoVisits days={stats.data.days.length} username={profile.data?.username} />;
  else
    body = (
      <div className={stats.isPlaceholderData ? 'stats__body stats__body--stale' : 'stats__body'}>
        <Headlines stats={stats.data} />
        <figure className="card stats__chart">
          <figcaption>
            <h2>Views a day by source</h2>
            <p className="stats__legend">
              NFC taps in a solid line, QR scans dashed, link opens dotted. The tables below give the same
              numbers.
            </p>
          </figcaption>
          <StatsChart days={stats.data.days} />
        </figure>
        <section className="card" aria-labelledby="stats-table-title">
          <h2 id="stats-table-title">By source</h2>
          <SourceTable stats={stats.data} />
          <DayTable stats={stats.data} />
        </section>
      </div>
    );

  return (
    <div className="account-screen stats">
      <h1>Statistics</h1>
      <PeriodChoice days={days} onChange={setDays} />
      <p className="visually-hidden" role="status">
        {stats.isFetching ? 'Loading…' : `Showing the last ${days} days.`}
      </p>
      {body}
      <Notes />
    </div>
  );
}
