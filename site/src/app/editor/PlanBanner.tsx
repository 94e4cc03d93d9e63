import { lazy, Suspense } from 'react';
import type { SessionUser } from '../../stores/session';
import { TrialBanner } from './TrialBanner';
import type { TrialStatus } from './trial';
import { usePainted } from './use-painted';

const PlanAlert = lazy(() => import('./PlanAlert'));

type Props = { user: SessionUser; trial: TrialStatus };

/**
 * The trial banner at once; the plan's alerts (payment failed, set to cancel, trial ending) once the editor is on
 * screen. They need the orders, and their buttons bring the checkout's code: asked for while the editor opened,
 * both held its first paint back (Lighthouse, issue 12). Until the orders answer, the trial banner shows, as before.
 */
export function PlanBanner({ user, trial }: Props) {
  const painted = usePainted();
  const trialBanner = <TrialBanner status={trial} />;
  if (!painted) return trialBanner;
  return (
    <Suspense fallback={trialBanner}>
      <PlanAlert user={user} trial={trial} />
    </Suspense>
  );
}
