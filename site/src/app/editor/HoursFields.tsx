import { type Dispatch, memo } from 'react';
import { type OpeningHours, WEEKDAYS } from '../../../../events/card/content';
import { capitalised } from '../../../../events/card/display';
import { Check } from './Check';
import { Field } from './Field';
import { Panel } from './Panel';
import type { EditorAction } from './reducer';
import { hoursForNewDay } from './week';

type Props = { hours: OpeningHours[]; dispatch: Dispatch<EditorAction> };

/** The week, a row a day: ticked open with its two times, or closed. No day ticked: the page states no hours. */
export const HoursFields = memo(function HoursFields({ hours, dispatch }: Props) {
  return (
    <Panel id="ed-hours" title="Opening hours">
      <p className="ed-hint">
        Tick the days you work and set their hours; the others show as Closed. With no day ticked, your page
        shows no hours.
      </p>
      <ul className="ed-week">
        {WEEKDAYS.map((day) => {
          const open = hours.find((entry) => entry.day === day);
          const name = capitalised(day);
          return (
            <li key={day} className={open ? 'ed-day ed-day--open' : 'ed-day'}>
              <Check
                label={name}
                checked={open !== undefined}
                onChange={(checked) =>
                  dispatch({ type: 'day', day, hours: checked ? hoursForNewDay(hours, day) : null })
                }
              />
              {open ? (
                <>
                  <Field
                    context={name}
                    label="Opens"
                    type="time"
                    value={open.opens}
                    onChange={(opens) => dispatch({ type: 'day', day, hours: { ...open, opens } })}
                  />
                  <Field
                    context={name}
                    label="Closes"
                    type="time"
                    value={open.closes}
                    onChange={(closes) => dispatch({ type: 'day', day, hours: { ...open, closes } })}
                  />
                </>
              ) : (
                <span className="ed-hint">Closed</span>
              )}
            </li>
          );
        })}
      </ul>
    </Panel>
  );
});
