// Keyboard shortcuts of the signed-in app (decision 040): "/" focuses the log's search box (the navigation bar's
// "Search incidents..."), Ctrl/⌘+K opens the command palette. Neither fires while the user types in a field. The
// palette's code is loaded on the first Ctrl/⌘+K, so it adds nothing to a page's first load. A phone has no
// keyboard shortcut: the narrow bar's search button opens the same palette with one tap.
import { lazy, Suspense, useEffect, useState } from 'react';
import { ActionIcon } from '@mantine/core';
import { Search } from 'lucide-react';
import type { User } from '../../../common/contracts/auth';

const SearchPalette = lazy(async () => ({ default: (await import('./search-palette')).SearchPalette }));

/** The id of the navigation bar's search box (nav-bar.tsx). */
export const SEARCH_BOX_ID = 'nav-search';

/** Whether the key was pressed in something the user types into. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The search box when it is on screen (it is hidden in the mobile layout, where the menu holds it). */
function visibleSearchBox(): HTMLInputElement | null {
  const box = document.getElementById(SEARCH_BOX_ID);
  return box instanceof HTMLInputElement && box.getClientRects().length > 0 ? box : null;
}

/** The mounted launchers (one per signed-in bar): asked to open the palette by the search button. */
const openers = new Set<() => void>();

/** Opens the command palette, loading its code on the first call. */
export function openSearchPalette(): void {
  openers.forEach((open) => open());
}

/** The narrow bar's search: one tap to the palette, where a wide screen has the search box and Ctrl/⌘+K. */
export function SearchButton() {
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label="Search"
      title="Search"
      onClick={openSearchPalette}
    >
      <Search size={18} aria-hidden />
    </ActionIcon>
  );
}

export function SearchShortcuts({ user }: { user: User }) {
  const [openRequest, setOpenRequest] = useState(0);

  useEffect(() => {
    const open = () => setOpenRequest((n) => n + 1);
    openers.add(open);
    return () => {
      openers.delete(open);
    };
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey) return;
      const palette = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k';
      if (palette) {
        event.preventDefault();
        setOpenRequest((n) => n + 1);
        return;
      }
      if (event.key !== '/' || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      event.preventDefault();
      const box = visibleSearchBox();
      if (box) box.focus();
      else setOpenRequest((n) => n + 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (openRequest === 0) return null;
  return (
    <Suspense fallback={null}>
      <SearchPalette user={user} openRequest={openRequest} />
    </Suspense>
  );
}
