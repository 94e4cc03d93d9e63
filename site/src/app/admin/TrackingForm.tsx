import { useId, useState } from 'react';
import type { AdminOrder } from '../../../../contract/order';
import { updateTracking } from './api';
import { trackingPayload } from './forms';
import { useAdminSave } from './use-admin-save';

/** The carrier's link and the delivery window; ticking notify emails the customer the link. */
export function TrackingForm({ order }: { order: AdminOrder }) {
  const id = useId();
  const [trackingUrl, setTrackingUrl] = useState(order.trackingUrl ?? '');
  const [deliveryWindow, setDeliveryWindow] = useState(order.deliveryWindow ?? '');
  const { save, notify, setNotify, problem } = useAdminSave(
    (notify) => updateTracking(order.id, trackingPayload({ trackingUrl, deliveryWindow, notify })),
    { done: 'Tracking updated', failed: 'Failed to update tracking' },
  );

  return (
    <form
      className="form admin-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <h3 id={`${id}-title`}>Tracking</h3>
      <label>
        Tracking URL
        <input
          type="url"
          inputMode="url"
          placeholder="https://"
          value={trackingUrl}
          onChange={(event) => setTrackingUrl(event.target.value)}
        />
      </label>
      <label>
        Delivery window
        <input value={deliveryWindow} onChange={(event) => setDeliveryWindow(event.target.value)} />
      </label>
      <label className="form__check">
        <input type="checkbox" checked={notify} onChange={(event) => setNotify(event.target.checked)} />
        Email the customer the tracking link
      </label>
      {problem && (
        <p className="form__problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save tracking'}
      </button>
    </form>
  );
}
