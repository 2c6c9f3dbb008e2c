// Department table (docs/product.md §2, not in the default layout): Department, Last Oops, Time Since.
import { Table, Text } from '@mantine/core';
import { timeSince } from '../../../common/domain/dashboard';
import { DASHBOARD_TEXTS } from '../../../common/domain/dashboard-texts';
import { useLastByDepartment } from './api/last-by-department';
import { formatDate } from '../../lib/format';
import { Panel, PanelError, PanelLoading } from './panel';
import { ScrollTable } from './scroll-table';
import { useNow } from './use-now';

export function DepartmentTableWidget() {
  const query = useLastByDepartment();
  const now = useNow(60_000);
  let body;
  if (query.isPending) body = <PanelLoading label="Loading departments" />;
  else if (query.isError && !query.data)
    body = <PanelError message={DASHBOARD_TEXTS.departmentsFailed} onRetry={() => void query.refetch()} />;
  else if (query.data.length === 0)
    body = (
      <Text c="dimmed" ta="center" py="sm">
        {DASHBOARD_TEXTS.noDataAvailable}
      </Text>
    );
  else
    body = (
      <ScrollTable label="Departments by last oops" minWidth={320}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Department</Table.Th>
              <Table.Th scope="col">Last Oops</Table.Th>
              <Table.Th scope="col">Time Since</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.map((row) => (
              <Table.Tr key={row.department}>
                <Table.Td>{row.department}</Table.Td>
                <Table.Td>{formatDate(row.last_oops)}</Table.Td>
                <Table.Td>{timeSince(row.last_oops, now)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    );
  return (
    <Panel id="department-table" title="Department Table">
      {body}
    </Panel>
  );
}
