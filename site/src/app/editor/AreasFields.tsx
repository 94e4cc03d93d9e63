import { type Dispatch, type FormEvent, memo, useState } from 'react';
import { MAX_AREAS } from '../../../../events/card/content';
import { addAreas } from './areas';
import { Field } from './Field';
import { Panel } from './Panel';
import type { EditorAction } from './reducer';

type Props = { areas: string[]; dispatch: Dispatch<EditorAction> };

/** The towns and postcode districts covered, each a chip to remove; typed ones join the list with Add or Enter. */
export const AreasFields = memo(function AreasFields({ areas, dispatch }: Props) {
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function add(event: FormEvent) {
    event.preventDefault();
    const added = addAreas(areas, typed);
    setProblem(added.problem);
    if (added.areas.length !== areas.length) dispatch({ type: 'areas', areas: added.areas });
    if (added.problem === null) setTyped('');
  }

  return (
    <Panel id="ed-areas" title="Areas covered">
      <p className="ed-hint">
        Towns or postcode districts (like BS3), up to {MAX_AREAS}. Add several at once with commas between
        them.
      </p>
      {areas.length > 0 && (
        <ul className="ed-chips" aria-label="Areas you cover">
          {areas.map((area) => (
            <li key={area} className="ed-chip">
              {area}
              <button
                type="button"
                className="ed-chip__remove"
                onClick={() => dispatch({ type: 'areas', areas: areas.filter((other) => other !== area) })}
              >
                <span aria-hidden="true">×</span>
                <span className="visually-hidden">Remove {area}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {areas.length < MAX_AREAS && (
        <form className="ed-add" onSubmit={add}>
          <Field
            label="Add an area"
            value={typed}
            maxLength={300}
            placeholder="e.g. Bristol, BS3"
            onChange={(value) => {
              setTyped(value);
              setProblem(null);
            }}
          />
          <button type="submit" className="button button--ghost ed-small">
            Add
          </button>
        </form>
      )}
      {problem && (
        <p className="form__problem" role="alert">
          {problem}
        </p>
      )}
    </Panel>
  );
});
