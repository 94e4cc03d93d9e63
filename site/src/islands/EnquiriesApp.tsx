import { EnquiriesScreen } from '../app/enquiries/EnquiriesScreen';
import AppShell from '../app/shell/AppShell';

/** /enquiries: the quote requests from the owner's page (issue 17), inside the signed-in app's frame. */
export default function EnquiriesApp() {
  return (
    <AppShell path="/enquiries">
      <EnquiriesScreen />
    </AppShell>
  );
}
