import { type Dispatch, memo } from 'react';
import type { EmergencyCallout } from '../../../../events/card/content';
import { Check } from './Check';
import { Field } from './Field';
import { Panel } from './Panel';
import type { EditorAction } from './reducer';

type Props = EmergencyCallout & { dispatch: Dispatch<EditorAction> };

/** Whether they come out in an emergency, and when: shown near the top of the page, under Call, when on. */
export const CalloutFields = memo(function CalloutFields({ on, hours, note, dispatch }: Props) {
  return (
    <Panel id="ed-callout" title="Emergency callout">
      <Check
        role="switch"
        label="I come out for emergencies"
        checked={on}
        onChange={(value) => dispatch({ type: 'callout', patch: { on: value } })}
      />
      <Field
        label="Callout hours"
        value={hours}
        maxLength={80}
        placeholder="e.g. 24/7, or evenings and weekends"
        onChange={(value) => dispatch({ type: 'callout', patch: { hours: value } })}
      />
      <Field
        label="Note"
        value={note}
        maxLength={200}
        placeholder="e.g. Burst pipe or no heating? Call any time."
        onChange={(value) => dispatch({ type: 'callout', patch: { note: value } })}
      />
      {!on && (hours.trim() !== '' || note.trim() !== '') && (
        <p className="ed-hint">Switched off: your page doesn’t show the callout.</p>
      )}
    </Panel>
  );
});
