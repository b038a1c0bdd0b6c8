/** Settings → Security: two-factor authentication, passkeys and where the account is signed in. */
import './preferences-catalog';
import { PasskeySettings } from './PasskeySettings';
import { SessionSettings } from './SessionSettings';
import { TwoFactorSettings } from './TwoFactorSettings';

export default function SecuritySettingsPage() {
  return (
    <div className="space-y-6">
      <TwoFactorSettings />
      <PasskeySettings />
      <SessionSettings />
    </div>
  );
}
