import { ContactSupportScreen } from '../app/account/ContactSupportScreen';
import AppShell from '../app/shell/AppShell';

export default function ContactSupportApp() {
  return (
    <AppShell path="/contact-support">
      <ContactSupportScreen />
    </AppShell>
  );
}
