// Department cards show an icon chosen by keywords in the department's name (docs/product.md §2 Dashboard). Teams name their
// departments freely ("Platform Engineering", "Customer Success"), so the rule reads words, not exact names.

export const DEPARTMENT_ICONS = [
  'code',
  'package',
  'palette',
  'headset',
  'trending-up',
  'megaphone',
  'settings',
  'shield',
  'users',
  'wallet',
  'database',
  'check-circle',
  'scale',
  'building',
] as const;
export type DepartmentIcon = (typeof DEPARTMENT_ICONS)[number];

/** The icon for names no keyword matches (and for General). */
export const DEFAULT_DEPARTMENT_ICON: DepartmentIcon = 'building';

// First matching rule wins, so the more specific rules (security before operations, data before engineering)
// come first ("People Ops" is HR, not operations). Short keywords match whole words only ("it" must not match "Digital", "hr" not "Three").
const RULES: { icon: DepartmentIcon; words: string[]; prefixes: string[] }[] = [
  {
    icon: 'shield',
    words: ['sec', 'secops', 'infosec'],
    prefixes: ['securit', 'complian', 'risk', 'privacy'],
  },
  { icon: 'database', words: ['data', 'bi', 'ml', 'ai'], prefixes: ['analytic', 'database', 'insight'] },
  { icon: 'users', words: ['hr'], prefixes: ['human', 'people', 'talent', 'recruit', 'hiring'] },
  { icon: 'check-circle', words: ['qa', 'qe'], prefixes: ['quality', 'testing'] },
  {
    icon: 'settings',
    words: ['ops', 'it', 'sre', 'devops'],
    prefixes: ['operation', 'infra', 'platform', 'reliab', 'logistic', 'facilit'],
  },
  {
    icon: 'code',
    words: ['dev', 'tech', 'eng', 'web'],
    prefixes: ['engineer', 'develop', 'software', 'technolog', 'backend', 'frontend', 'mobile'],
  },
  { icon: 'package', words: ['pm'], prefixes: ['product'] },
  { icon: 'palette', words: ['ux', 'ui'], prefixes: ['design', 'creative', 'brand'] },
  {
    icon: 'headset',
    words: ['cx', 'cs', 'help', 'care'],
    prefixes: ['support', 'customer', 'service', 'helpdesk', 'success'],
  },
  {
    icon: 'wallet',
    words: [],
    prefixes: ['financ', 'accountin', 'billing', 'payroll', 'procure', 'treasur'],
  },
  { icon: 'trending-up', words: ['biz'], prefixes: ['sales', 'revenue', 'business', 'account'] },
  { icon: 'megaphone', words: ['pr', 'comms'], prefixes: ['marketing', 'growth', 'communicat', 'content'] },
  { icon: 'scale', words: [], prefixes: ['legal', 'law'] },
];

/** Lower-case words of a name: "DevOps & SRE" → ['devops', 'sre']; "customerSuccess" → ['customer', 'success']. */
function words(name: string): string[] {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** The icon name for a department, by keywords in its name; DEFAULT_DEPARTMENT_ICON when nothing matches. */
export function departmentIcon(name: string): DepartmentIcon {
  const tokens = words(name);
  const rule = RULES.find(
    (r) =>
      tokens.some((t) => r.words.includes(t)) || tokens.some((t) => r.prefixes.some((p) => t.startsWith(p))),
  );
  return rule?.icon ?? DEFAULT_DEPARTMENT_ICON;
}
