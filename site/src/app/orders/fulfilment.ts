/** SPEC §4 "Fulfilment (card orders)", in order. */
export const FULFILMENT_STEPS = [
  { value: 'order_placed', label: 'Order placed' },
  { value: 'designing_card', label: 'Designing your card' },
  { value: 'packaged', label: 'Packaged' },
  { value: 'shipped', label: 'Shipped' },
] as const;

export type FulfilmentStatus = (typeof FULFILMENT_STEPS)[number]['value'];
export type Tone = 'green' | 'orange' | 'blue' | 'grey' | 'red';

/** Unknown values count as order_placed (SPEC §4). */
export function fulfilmentStatus(value: string | null | undefined): FulfilmentStatus {
  return FULFILMENT_STEPS.find((step) => step.value === value)?.value ?? 'order_placed';
}

/** 0 to 3: where the order is among the four steps. */
export const fulfilmentStep = (value: string | null | undefined) =>
  FULFILMENT_STEPS.findIndex((step) => step.value === fulfilmentStatus(value));

export const fulfilmentLabel = (value: string | null | undefined) =>
  FULFILMENT_STEPS[fulfilmentStep(value)]?.label ?? 'Order placed';

/** The bar fills 0, 33, 67 or 100 percent. */
export const fulfilmentPercent = (value: string | null | undefined) =>
  Math.round((fulfilmentStep(value) / (FULFILMENT_STEPS.length - 1)) * 100);

/** Green shipped, orange packaged, blue designing, grey otherwise. */
export function fulfilmentTone(value: string | null | undefined): Tone {
  switch (fulfilmentStatus(value)) {
    case 'shipped':
      return 'green';
    case 'packaged':
      return 'orange';
    case 'designing_card':
      return 'blue';
    default:
      return 'grey';
  }
}
