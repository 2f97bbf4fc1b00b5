import { Card, Col, Row } from 'antd';
import type { EChartsOption } from 'echarts';
import { StatChart } from './StatChart.tsx';

export interface ChartCard {
  title: string;
  option: EChartsOption | undefined;
  testId: string;
  height: number;
}

/** Result charts in small titled cards, two to a row. */
export function ChartCardGrid({ charts }: { charts: readonly ChartCard[] }) {
  return (
    <Row gutter={16}>
      {charts.map((chart) => (
        <Col key={chart.testId} span={12}>
          <Card size="small" title={chart.title}>
            <StatChart option={chart.option} testId={chart.testId} height={chart.height} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
