import { AccountDetails } from './AccountDetails';
import { DeleteAccount } from './DeleteAccount';
import { DownloadData } from './DownloadData';
import { OwnDomain } from './OwnDomain';
import { useAccountUser } from './use-account-user';

/** SPEC §2 "/profile ('My Account')". */
export function AccountScreen() {
  const user = useAccountUser();
  return (
    <div className="account-screen">
      <h1>My Account</h1>
      <AccountDetails user={user} />
      <OwnDomain />
      <DownloadData />
      <DeleteAccount />
    </div>
  );
}
