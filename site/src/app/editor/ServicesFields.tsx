import { type Dispatch, memo } from 'react';
import { MAX_SERVICES } from '../../../../events/card/content';
import type { ServiceRow } from './draft';
import { Field } from './Field';
import { Panel } from './Panel';
import { useReorder } from './Reorder';
import type { EditorAction } from './reducer';

type Props = { shown: boolean; services: ServiceRow[]; dispatch: Dispatch<EditorAction> };

/** Name and price (or any detail) per row; rows left empty are dropped when publishing. */
export const ServicesFields = memo(function ServicesFields({ shown, services, dispatch }: Props) {
  const reorder = useReorder('services', services, dispatch, 'Service');
  return (
    <Panel
      id="ed-services"
      title="My Services"
      shown={shown}
      onToggle={() => dispatch({ type: 'set', field: 'show_services_section', value: !shown })}
    >
      <ol className="ed-rows">
        {services.map((row, index) => (
          <li key={row.key} className="ed-row" {...reorder.rowProps(row, index, `service ${index + 1}`)}>
            <Field
              context={`Service ${index + 1}`}
              label="Name"
              value={row.name}
              maxLength={80}
              onChange={(name) => dispatch({ type: 'updateService', key: row.key, patch: { name } })}
            />
            <Field
              context={`Service ${index + 1}`}
              label="Price or detail"
              value={row.price}
              maxLength={40}
              placeholder="e.g. from £650"
              onChange={(price) => dispatch({ type: 'updateService', key: row.key, patch: { price } })}
            />
            {reorder.rowTools(row, index, `service ${index + 1}`, () =>
              dispatch({ type: 'removeService', key: row.key }),
            )}
          </li>
        ))}
      </ol>
      {reorder.live}
      {services.length < MAX_SERVICES && (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => dispatch({ type: 'addService' })}
        >
          Add service
        </button>
      )}
    </Panel>
  );
});
