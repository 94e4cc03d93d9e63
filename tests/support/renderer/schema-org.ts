/**
 * A slice of the schema.org vocabulary (https://schema.org, version 29), copied from its type and property
 * definitions for the types the profile page's JSON-LD uses, to check the data against: every property must be
 * declared on the node's type or a parent, and hold a value of a type its range allows.
 */

type Range = 'Text' | 'URL' | 'Time' | 'DayOfWeek' | string;

const TYPES: Record<string, { parent?: string; properties?: Record<string, Range[]> }> = {
  Thing: {
    properties: {
      name: ['Text'],
      url: ['URL'],
      description: ['Text'],
      image: ['URL', 'ImageObject'],
      sameAs: ['URL'],
    },
  },
  Organization: {
    parent: 'Thing',
    properties: {
      telephone: ['Text'],
      email: ['Text'],
      areaServed: ['Text', 'Place', 'AdministrativeArea', 'GeoShape'],
      memberOf: ['Organization', 'ProgramMembership'],
    },
  },
  Place: {
    parent: 'Thing',
    properties: { telephone: ['Text'], openingHoursSpecification: ['OpeningHoursSpecification'] },
  },
  // LocalBusiness is both an Organization and a Place.
  LocalBusiness: { parent: 'Organization' },
  HomeAndConstructionBusiness: { parent: 'LocalBusiness' },
  Plumber: { parent: 'HomeAndConstructionBusiness' },
  Electrician: { parent: 'HomeAndConstructionBusiness' },
  HVACBusiness: { parent: 'HomeAndConstructionBusiness' },
  RoofingContractor: { parent: 'HomeAndConstructionBusiness' },
  Locksmith: { parent: 'HomeAndConstructionBusiness' },
  HousePainter: { parent: 'HomeAndConstructionBusiness' },
  GeneralContractor: { parent: 'HomeAndConstructionBusiness' },
  OpeningHoursSpecification: {
    parent: 'Thing',
    properties: { dayOfWeek: ['DayOfWeek'], opens: ['Time'], closes: ['Time'] },
  },
};

const ALSO_A: Record<string, string> = { LocalBusiness: 'Place' };

function ancestors(type: string): string[] {
  const found: string[] = [];
  const visit = (name: string | undefined) => {
    if (name === undefined || found.includes(name)) return;
    if (!TYPES[name]) throw new Error(`${name} is not a schema.org type this check knows`);
    found.push(name);
    visit(TYPES[name].parent);
    visit(ALSO_A[name]);
  };
  visit(type);
  return found;
}

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function fits(value: unknown, range: Range): boolean {
  if (range === 'Text') return typeof value === 'string' && value.trim() !== '';
  if (range === 'URL') return typeof value === 'string' && /^https?:\/\/[^\s]+$/.test(value);
  if (range === 'Time')
    return typeof value === 'string' && /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(value);
  if (range === 'DayOfWeek')
    return typeof value === 'string' && DAYS.some((day) => value === `https://schema.org/${day}`);
  if (typeof value !== 'object' || value === null) return false;
  const type = (value as Record<string, unknown>)['@type'];
  return typeof type === 'string' && ancestors(type).includes(range);
}

/** Every problem found in a JSON-LD node and the nodes inside it; an empty list means it validates. */
export function schemaOrgProblems(node: Record<string, unknown>, path = '$'): string[] {
  const type = node['@type'];
  if (typeof type !== 'string') return [`${path}: no @type`];
  let chain: string[];
  try {
    chain = ancestors(type);
  } catch (error) {
    return [`${path}: ${(error as Error).message}`];
  }
  const problems: string[] = [];
  for (const [key, raw] of Object.entries(node)) {
    if (key === '@type' || key === '@id' || key === '@context') continue;
    const range = chain.map((name) => TYPES[name]?.properties?.[key]).find(Boolean);
    if (!range) {
      problems.push(`${path}.${key}: not a property of ${type}`);
      continue;
    }
    const values = Array.isArray(raw) ? raw : [raw];
    values.forEach((value, index) => {
      const at = Array.isArray(raw) ? `${path}.${key}[${index}]` : `${path}.${key}`;
      if (!range.some((candidate) => fits(value, candidate)))
        problems.push(`${at}: not a ${range.join(' or ')}`);
      else if (typeof value === 'object' && value !== null)
        problems.push(...schemaOrgProblems(value as Record<string, unknown>, at));
    });
  }
  return problems;
}
