/** SPEC §3 local storage keys: the remember-me flag and the email it remembers. */
export const REMEMBER_KEY = 'rememberMe';
export const REMEMBERED_EMAIL_KEY = 'rememberedEmail';

export function readRemembered(): { remember: boolean; email: string } {
  try {
    const remember = localStorage.getItem(REMEMBER_KEY) === 'true';
    return { remember, email: remember ? (localStorage.getItem(REMEMBERED_EMAIL_KEY) ?? '') : '' };
  } catch {
    return { remember: false, email: '' };
  }
}

/** Unticking the box forgets the email too: on a shared phone the next person should not see it. */
export function storeRemembered(remember: boolean, email: string) {
  if (remember) {
    localStorage.setItem(REMEMBER_KEY, 'true');
    localStorage.setItem(REMEMBERED_EMAIL_KEY, email);
  } else {
    localStorage.removeItem(REMEMBER_KEY);
    localStorage.removeItem(REMEMBERED_EMAIL_KEY);
  }
}
