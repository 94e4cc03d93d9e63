import { allMet, PASSWORD_REQUIREMENTS_MESSAGE, passwordChecks } from './password';

/** SPEC §5: emails and usernames are trimmed and lowercased before they are sent. */
export const normaliseEmail = (value: string) => value.trim().toLowerCase();
export const normaliseUsername = (value: string) => value.trim().toLowerCase();

// The server's words (events/account/rules.ts), so a mistake reads the same whichever side catches it.
export const USERNAME_REQUIRED = 'Username is required.';
export const NAME_REQUIRED = 'Name is required.';
export const EMAIL_REQUIRED = 'Email is required.';
export const EMAIL_INVALID = 'Please enter a valid email address.';
export const PASSWORD_REQUIRED = 'Password is required.';
export const TERMS_REQUIRED = 'Please agree to the terms and conditions.';

/** A looser test than the server's: it only catches slips, and the server has the last word. */
export function emailProblem(raw: string): string | null {
  const value = normaliseEmail(raw);
  if (!value) return EMAIL_REQUIRED;
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? null : EMAIL_INVALID;
}

/** The server's username rules, less its reserved words: those it names itself when someone picks one. */
export function usernameProblem(raw: string): string | null {
  const value = normaliseUsername(raw);
  if (!value) return USERNAME_REQUIRED;
  if (value.length < 3) return 'Username must be at least 3 characters.';
  if (value.length > 30) return 'Username must be at most 30 characters.';
  if (!/^[a-z0-9_-]+$/.test(value)) return 'Username may only use letters, numbers, hyphens and underscores.';
  return null;
}

export type Registration = {
  name: string;
  email: string;
  username: string;
  password: string;
  terms: boolean;
};
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** Problems by field, in the order the fields appear, so the first one is where focus goes. */
export function registrationProblems(form: Registration): FieldErrors<keyof Registration> {
  const found: FieldErrors<keyof Registration> = {};
  if (!form.name.trim()) found.name = NAME_REQUIRED;
  const email = emailProblem(form.email);
  if (email) found.email = email;
  const username = usernameProblem(form.username);
  if (username) found.username = username;
  if (!allMet(passwordChecks(form.password))) found.password = PASSWORD_REQUIREMENTS_MESSAGE;
  if (!form.terms) found.terms = TERMS_REQUIRED;
  return found;
}

/** The public address a username gives, as the register form shows it while it is typed. */
export const publicPageAddress = (origin: string, username: string) =>
  `${origin.replace(/\/+$/, '')}/u/${normaliseUsername(username) || 'your-name'}`;
