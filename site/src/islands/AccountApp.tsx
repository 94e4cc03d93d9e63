import { AccountScreen } from '../app/account/AccountScreen';
import AppShell from '../app/shell/AppShell';

export default function AccountApp() {
  return (
    <AppShell path="/profile">
      <AccountScreen />
    </AppShell>
  );
}
