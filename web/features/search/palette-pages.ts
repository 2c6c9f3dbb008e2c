// The pages the palette offers: the signed-in pages of common/domain/app-pages.ts a user opens by name, each shown
// only to those the navigation shows it to (nav-model.ts).
import type { User } from '../../../common/contracts/auth';
import { PAGE_PATHS } from '../../../common/domain/app-pages';
import { appNavItems } from '../../app/layout/nav-model';

export interface PalettePage {
  label: string;
  to: string;
}

const path = (key: keyof typeof PAGE_PATHS) => `/${PAGE_PATHS[key]}`;

/** Pages everyone signed in has, beside the navigation's (which depend on the role). */
const COMMON: PalettePage[] = [
  { label: 'Log an Oops', to: path('oopsNew') },
  { label: 'Executive Report', to: path('executiveReport') },
  { label: 'Profile', to: path('profile') },
];

export function palettePages(user: User): PalettePage[] {
  const all = [...appNavItems(user), ...COMMON];
  return all.filter((page, i) => all.findIndex((other) => other.to === page.to) === i);
}

/** The pages whose name holds the text (case aside); all of them for an empty text. */
export function matchingPages(pages: PalettePage[], text: string): PalettePage[] {
  const needle = text.trim().toLowerCase();
  return needle ? pages.filter((page) => page.label.toLowerCase().includes(needle)) : pages;
}
