import { HelpCentreScreen } from '../app/account/HelpCentreScreen';
import AppShell from '../app/shell/AppShell';

export default function HelpCentreApp() {
  return (
    <AppShell path="/helpcentreinterface">
      <HelpCentreScreen />
    </AppShell>
  );
}
