/**
 * The form encoding the Stripe SDK sends (`line_items[0][price_data][currency]=gbp`) read back into nested objects
 * and arrays. Form values carry no types, so every leaf stays a string, as Stripe's API sees it.
 */

export type FormValue = string | FormValue[] | FormObject;
export type FormObject = { [key: string]: FormValue };

const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

const keyPath = (name: string): string[] => {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
  if (!match?.[1]) throw new Error(`Malformed form parameter name: ${name}`);
  const rest = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1] ?? '');
  const path = [match[1], ...rest];
  if (path.some((key) => FORBIDDEN_KEYS.has(key))) throw new Error(`Forbidden form parameter name: ${name}`);
  return path;
};

const isIndex = (key: string) => key === '' || /^\d+$/.test(key);

const child = (
  container: FormValue[] | FormObject,
  key: string,
  wantArray: boolean,
): FormValue[] | FormObject => {
  const existing = Array.isArray(container) ? container[Number(key)] : container[key];
  if (existing !== undefined) {
    if (typeof existing === 'string' || Array.isArray(existing) !== wantArray) {
      throw new Error(`Form parameter ${key} is used both as a value and as a container.`);
    }
    return existing;
  }
  const created: FormValue[] | FormObject = wantArray ? [] : {};
  if (Array.isArray(container)) container[key === '' ? container.length : Number(key)] = created;
  else container[key] = created;
  return created;
};

export const parseForm = (encoded: string): FormObject => {
  const root: FormObject = {};
  for (const [name, value] of new URLSearchParams(encoded)) {
    const path = keyPath(name);
    let container: FormValue[] | FormObject = root;
    for (let i = 0; i < path.length - 1; i++) {
      container = child(container, path[i] ?? '', isIndex(path[i + 1] ?? ''));
    }
    const last = path[path.length - 1] ?? '';
    if (Array.isArray(container)) container[last === '' ? container.length : Number(last)] = value;
    else container[last] = value;
  }
  return root;
};

/** The value at a path, or undefined: lets the simulator read params without a cast at every step. */
export const formAt = (value: FormValue | undefined, ...path: (string | number)[]): FormValue | undefined => {
  let current = value;
  for (const key of path) {
    if (current === undefined || typeof current === 'string') return undefined;
    current = Array.isArray(current) ? current[Number(key)] : current[String(key)];
  }
  return current;
};

export const formText = (value: FormValue | undefined, ...path: (string | number)[]): string | null => {
  const found = formAt(value, ...path);
  return typeof found === 'string' ? found : null;
};

export const formList = (value: FormValue | undefined, ...path: (string | number)[]): FormValue[] => {
  const found = formAt(value, ...path);
  return Array.isArray(found) ? found : [];
};

/** A flat string map (metadata), or an empty one. */
export const formRecord = (
  value: FormValue | undefined,
  ...path: (string | number)[]
): Record<string, string> => {
  const found = formAt(value, ...path);
  if (found === undefined || typeof found === 'string' || Array.isArray(found)) return {};
  return Object.fromEntries(
    Object.entries(found).flatMap(([key, entry]) => (typeof entry === 'string' ? [[key, entry]] : [])),
  );
};
