import { List, Paper, SimpleGrid, Title } from '@mantine/core';
import type { OopsStats } from '../../../common/contracts/stats';
import classes from './report.module.css';

function RecommendationList({ id, title, items }: { id: string; title: string; items: string[] }) {
  return (
    <Paper withBorder p="md" className={classes.card} component="section" aria-labelledby={id}>
      <Title order={3} size="h5" id={id} mb="xs">
        {title}
      </Title>
      <List spacing="xs" size="sm">
        {items.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
    </Paper>
  );
}

/** Strategic recommendations computed by the server from the period's data, with defaults when data is thin. */
export function ReportRecommendations({
  recommendations,
}: {
  recommendations: OopsStats['recommendations'];
}) {
  return (
    <section aria-labelledby="report-recommendations" className={classes.section}>
      <Title order={2} size="h3" id="report-recommendations" mb="sm">
        Strategic Recommendations
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <RecommendationList id="report-focus" title="Focus Areas" items={recommendations.focus_areas} />
        <RecommendationList
          id="report-growth"
          title="Growth Opportunities"
          items={recommendations.growth_opportunities}
        />
      </SimpleGrid>
    </section>
  );
}
