import { useEffect, useState } from 'react';

/**
 * False in the server-rendered form, true once React has it. Until then the form's controls are disabled: text
 * typed into them would be lost as React takes over, and a submit would be the browser's own, a GET that puts
 * the password in the address.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
  }, []);
  return hydrated;
}
