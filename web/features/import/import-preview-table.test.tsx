import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImportPreview } from '../../../common/contracts/import';
import { renderWithApp } from '../../test/render';
import { ImportPreviewTable } from './import-preview-table';

describe('ImportPreviewTable', () => {
  it("heads a custom field's column with the team's label, not its key", () => {
    const preview: ImportPreview = {
      columns: ['Title', 'Tier'],
      mapping: ['title', 'custom:customer_tier'],
      targets: [
        { value: 'title', label: 'Title' },
        { value: 'custom:customer_tier', label: 'Customer tier' },
      ],
      row_count: 1,
      rows: [{ line: 2, values: { title: 'Printer fire', 'custom:customer_tier': 'Gold' } }],
      errors: [],
      error_count: 0,
    };
    renderWithApp(<ImportPreviewTable preview={preview} />);
    expect(screen.getByRole('columnheader', { name: 'Customer tier' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'custom:customer_tier' })).not.toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Gold' })).toBeInTheDocument();
  });
});
