import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMPORT_TARGETS, importTargetLabel, type ImportPreview } from '../../../common/contracts/import';
import { IMPORT_TEXTS } from '../../../common/domain/import-texts';
import { TOKEN_STORAGE_KEY } from '../../../common/domain/options';
import { jsonResponse, renderWithApp } from '../../test/render';
import { routeFetch } from '../../test/mock-api';
import { ImportPage } from './import-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

const targets = IMPORT_TARGETS.map((value) => ({ value, label: importTargetLabel(value) }));
const unmapped: ImportPreview = {
  columns: ['Name', 'Sev', 'Story'],
  mapping: [null, 'severity', 'description'],
  targets,
  row_count: 1,
  rows: [{ line: 2, values: { severity: 'Huge', description: 'A long enough story.' } }],
  errors: [
    {
      line: 2,
      column: 2,
      column_name: 'Sev',
      field: 'severity',
      message: 'Severity must be one of: Low, Medium, High, Critical.',
    },
  ],
  error_count: 1,
};
const mapped: ImportPreview = {
  ...unmapped,
  mapping: ['title', 'severity', 'description'],
  rows: [
    { line: 2, values: { title: 'Printer fire', severity: 'High', description: 'A long enough story.' } },
  ],
  errors: [],
  error_count: 0,
};

describe('ImportPage', () => {
  it('previews a file, lets the mapping change, and imports when nothing is wrong', async () => {
    const api = routeFetch(fetchMock, {
      'POST /api/oops/import/preview': (body) =>
        jsonResponse(200, (body as { mapping?: unknown }).mapping ? mapped : unmapped),
      'POST /api/oops/import': jsonResponse(201, { imported: 1 }),
    });
    renderWithApp(<ImportPage />);
    const user = userEvent.setup();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(
      input,
      new File(['Name,Sev,Story\nPrinter fire,Huge,A long enough story.\n'], 'a.csv', { type: 'text/csv' }),
    );

    expect(await screen.findByText('Line 2, column Sev')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(IMPORT_TEXTS.rowsInvalid(1));
    expect(screen.getByRole('button', { name: 'Import 1 incident' })).toBeDisabled();
    expect(api.bodiesOf('POST /api/oops/import/preview')[0]).toEqual({
      csv: 'Name,Sev,Story\nPrinter fire,Huge,A long enough story.\n',
      day_first: false,
    });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Name' }), 'Title');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Import 1 incident' })).toBeEnabled());
    expect(api.bodiesOf('POST /api/oops/import/preview')[1]).toMatchObject({
      mapping: ['title', 'severity', 'description'],
    });
    expect(screen.getByRole('cell', { name: 'Printer fire' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Import 1 incident' }));
    expect(await screen.findByRole('status')).toHaveTextContent(IMPORT_TEXTS.imported(1));
    expect(screen.getByRole('link', { name: IMPORT_TEXTS.toList })).toHaveAttribute('href', '/oops');
  });

  it('shows why a file cannot be read', async () => {
    routeFetch(fetchMock, {
      'POST /api/oops/import/preview': jsonResponse(400, {
        error:
          'The file is not valid CSV: Quote Not Closed: the parsing is finished with an opening quote at line 3',
        code: 'import_file',
      }),
    });
    renderWithApp(<ImportPage />);
    const user = userEvent.setup();
    await user.upload(
      document.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File(['a\n"x'], 'b.csv'),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(/Quote Not Closed.*line 3/);
  });
});
