import { Group, Pagination, Text } from '@mantine/core';

interface AdminPagerProps {
  /** What is being paged, for the screen-reader name of the navigation ('users', 'teams'). */
  noun: string;
  page: number;
  pageSize: number;
  matched: number;
  onChange: (page: number) => void;
}

const CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/** 'Showing 26–50 of 120' and page buttons whose icon controls have names (axe: button-name). */
export function AdminPager({ noun, page, pageSize, matched, onChange }: AdminPagerProps) {
  const pages = Math.max(1, Math.ceil(matched / pageSize));
  const first = matched === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(matched, page * pageSize);
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {matched === 0 ? `No ${noun} found` : `Showing ${first}–${last} of ${matched} ${noun}`}
      </Text>
      {pages > 1 && (
        <nav aria-label={`Pages of ${noun}`}>
          <Pagination
            total={pages}
            value={page}
            onChange={onChange}
            size="sm"
            siblings={1}
            getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
            getItemProps={(p) => ({
              'aria-label': `Page ${p}`,
              'aria-current': p === page ? 'page' : undefined,
            })}
          />
        </nav>
      )}
    </Group>
  );
}
