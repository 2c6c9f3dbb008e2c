// POST /api/oops/import/preview: the file's columns, the suggested (or chosen) mapping, first rows and problems.
import { useMutation } from '@tanstack/react-query';
import {
  importPreviewResponse,
  type ImportBody,
  type ImportPreview,
} from '../../../../common/contracts/import';
import { request } from '../../../lib/transport';

export function postImportPreview(body: ImportBody): Promise<ImportPreview> {
  return request('/api/oops/import/preview', {
    method: 'POST',
    body,
    schema: importPreviewResponse,
    retries: 0,
  });
}

export function usePreviewImport() {
  return useMutation({ mutationFn: postImportPreview });
}
