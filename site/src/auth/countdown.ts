import { useCallback, useEffect, useState } from 'react';

/** SPEC §9: a new code can be asked for 30 seconds after the last one; the server holds to the same wait. */
export const RESEND_WAIT_SECONDS = 30;

export const secondsLeft = (endsAt: number, now: number) => Math.max(0, Math.ceil((endsAt - now) / 1000));

/** Whole seconds left until `restart`'s wait is over; counts from the clock, so a busy tab can't stretch it. */
export function useCountdown(initialSeconds: number) {
  const [endsAt, setEndsAt] = useState(() => Date.now() + initialSeconds * 1000);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = window.setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= endsAt) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  const restart = useCallback((seconds: number = RESEND_WAIT_SECONDS) => {
    const time = Date.now();
    setNow(time);
    setEndsAt(time + seconds * 1000);
  }, []);

  return { secondsLeft: secondsLeft(endsAt, now), restart };
}
