import { FirmScreen } from '../app/firm/FirmScreen';
import AppShell from '../app/shell/AppShell';

/** /firm: the signed-in account's firm (issue 32), inside the signed-in app's frame. */
export default function FirmApp() {
  return (
    <AppShell path="/firm">
      <FirmScreen />
    </AppShell>
  );
}
