import { publicPageAddress } from './fields';
import { TextField } from './TextField';

type Props = {
  publicOrigin: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
};

/** The username, with the public address it makes shown as it is typed (SPEC §2 "Register"). */
export function UsernameField({ publicOrigin, value, error, onChange }: Props) {
  return (
    <TextField
      id="register-username"
      name="username"
      label="Username"
      autoComplete="username"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      error={error}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      hint={
        <>
          Your page: <span className="auth__address">{publicPageAddress(publicOrigin, value)}</span>
          <br />
          Letters, numbers, hyphens and underscores; 3 to 30 characters.
        </>
      }
    />
  );
}
