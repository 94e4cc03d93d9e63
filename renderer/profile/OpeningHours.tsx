import { CLOCK_TIME, type OpeningHours as Day, WEEKDAYS } from '../../events/card/content';
import { capitalised } from '../../events/card/display';
import { Heading } from './Heading';

type Props = { hours: Day[]; level: number };

/** A clock time as a machine-readable <time>; 24:00 (closing at midnight) is no valid time of day, so it says so. */
function Clock({ value }: { value: string }) {
  if (value === '24:00') return <time dateTime="00:00">midnight</time>;
  return CLOCK_TIME.test(value) ? <time>{value}</time> : value;
}

/** The week from Monday, each day open from–to or Closed; none of it when the owner has stated no hours. */
export function OpeningHours({ hours, level }: Props) {
  if (hours.length === 0) return null;
  return (
    <>
      <Heading level={level} id="tc-hours" className="tc-hh">
        Opening hours
      </Heading>
      <table className="tc-hr" aria-labelledby="tc-hours">
        <tbody>
          {WEEKDAYS.map((day) => {
            const open = hours.find((entry) => entry.day === day);
            return (
              <tr key={day}>
                <th scope="row">{capitalised(day)}</th>
                <td>
                  {open ? (
                    <>
                      <Clock value={open.opens} />–<Clock value={open.closes} />
                    </>
                  ) : (
                    'Closed'
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
