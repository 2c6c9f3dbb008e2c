// Search and paging state shared by the admin lists: the search box updates at once, the server is asked after
// a short pause (debounced), and a new search starts again at page 1.
import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { ADMIN_PAGE_SIZE, ADMIN_SEARCH_DEBOUNCE_MS } from '../../../common/domain/admin-texts';
import type { AdminListParams } from './api/get-admin-users';

export function useAdminList() {
  const [search, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(search.trim(), ADMIN_SEARCH_DEBOUNCE_MS);
  const [pageFor, setPageFor] = useState(debounced);
  // A different search resets the page (state derived during render, no effect round-trip).
  if (pageFor !== debounced) {
    setPageFor(debounced);
    setPage(1);
  }
  const params: AdminListParams = {
    search: debounced,
    limit: ADMIN_PAGE_SIZE,
    offset: (page - 1) * ADMIN_PAGE_SIZE,
  };
  return { search, setSearch: setSearchText, page, setPage, params, pageSize: ADMIN_PAGE_SIZE };
}
