/** Visits are counted by UTC day: every instance, the tally and the dashboard agree on where a day ends. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export const DAY_MS = 24 * 60 * 60 * 1000;

export const addDays = (day: string, days: number) =>
  utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
