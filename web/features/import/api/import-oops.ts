// POST /api/oops/import: every row in one transaction, or none. Not retried: a lost answer must not import twice.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  importResultResponse,
  type ImportBody,
  type ImportResult,
} from '../../../../common/contracts/import';
import { request } from '../../../lib/transport';

export function postImport(body: ImportBody): Promise<ImportResult> {
  return request('/api/oops/import', { method: 'POST', body, schema: importResultResponse, retries: 0 });
}

export function useImportOops() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postImport,
    // Lists, statistics and departments all change with new incidents.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
