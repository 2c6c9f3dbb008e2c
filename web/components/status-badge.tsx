import { Badge } from '@mantine/core';

export function StatusBadge({
  status,
  size = 'md',
}: {
  status: string | null | undefined;
  size?: 'xs' | 'sm' | 'md';
}) {
  // A missing status counts as Open (docs/product.md §2).
  const value = status || 'Open';
  return (
    <Badge color={value === 'Closed' ? 'gray' : 'blue'} variant="outline" size={size}>
      {value}
    </Badge>
  );
}
