import AppShell from '../app/shell/AppShell';
import { StatsScreen } from '../app/stats/StatsScreen';

/** /stats: the owner's visits, inside the signed-in app's frame. Its chart library loads with this island only. */
export default function StatsApp() {
  return (
    <AppShell path="/stats">
      <StatsScreen />
    </AppShell>
  );
}
