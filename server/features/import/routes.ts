// CSV import routes (docs/decisions/023-csv-import.md): the template, a preview, and the import. Owners and admins;
// a token needs the write scope for the two POSTs (server/lib/token-scopes.ts), read for the template.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../../common/contracts/common';
import {
  importBody,
  importErrorBody,
  importPreviewResponse,
  importResultResponse,
} from '../../../common/contracts/import';
import { IMPORT_LIMITS } from '../../../common/domain/import-texts';
import { requireTeamActor } from '../../plugins/auth';
import { ImportFileError } from './import';
import { importOops, ImportRowsError, previewImport } from './import-service';
import { importTemplateCsv } from './import-template';

const tags = ['oops'];
const errors = { 400: importErrorBody, 401: errorBody, 403: errorBody, 413: errorBody };
/** The body is JSON around the file's text: the file's limit plus room for the mapping and escaping. */
const bodyLimit = IMPORT_LIMITS.maxBytes * 2 + 64 * 1024;

/** A whole-file problem (not CSV, empty, too many rows) or row problems: 400 with each line and column. */
async function orImportError<T>(reply: FastifyReply, run: () => T | Promise<T>): Promise<T | FastifyReply> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ImportRowsError) {
      return reply.status(400).send({
        error: error.message,
        code: 'import_invalid',
        errors: error.errors,
        error_count: error.errorCount,
      });
    }
    if (error instanceof ImportFileError) {
      return reply.status(400).send({
        error: error.message,
        code: 'import_file',
        errors: error.errors,
        error_count: error.errors.length,
      });
    }
    throw error;
  }
}

export async function importRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest) => ({
    db: app.db,
    actor: requireTeamActor(request),
  });

  app.get(
    '/api/oops/import/template.csv',
    { schema: { tags, summary: 'A template CSV for the import', response: { 200: z.string(), ...errors } } },
    async (request, reply) => {
      requireTeamActor(request);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="oops-import-template.csv"')
        .send(importTemplateCsv());
    },
  );

  app.post(
    '/api/oops/import/preview',
    {
      bodyLimit,
      schema: {
        tags,
        summary: 'Preview a CSV import: columns, suggested mapping, first rows and every row problem',
        body: importBody,
        response: { 200: importPreviewResponse, ...errors },
      },
    },
    async (request, reply) => orImportError(reply, () => previewImport(ctx(request), request.body)),
  );

  app.post(
    '/api/oops/import',
    {
      bodyLimit,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Import incidents from CSV: all rows in one transaction, or none',
        description:
          'Owners and admins. A 400 lists every problem with its line and column; nothing is imported then.',
        body: importBody,
        response: { 201: importResultResponse, ...errors },
      },
    },
    async (request, reply) =>
      orImportError(reply, async () =>
        reply.status(201).send(await importOops(ctx(request), request.body, request.ip)),
      ),
  );
}
