import { Badge } from '@mantine/core';

export function StatusBadge({ status }: { status: string | null | undefined }) {
  // A missing status counts as Open (docs/product.md §2).
  const value = status || 'Open';
  return (
    <Badge color={value === 'Closed' ? 'gray' : 'blue'} variant="outline">
      {value}
    </Badge>
  );
}
