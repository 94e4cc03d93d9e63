import { NotificationsScreen } from '../app/account/NotificationsScreen';
import AppShell from '../app/shell/AppShell';

export default function NotificationsApp() {
  return (
    <AppShell path="/notifications">
      <NotificationsScreen />
    </AppShell>
  );
}
