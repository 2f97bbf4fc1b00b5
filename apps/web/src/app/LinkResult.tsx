import { Button, Result, type ResultProps } from 'antd';
import { Link } from 'react-router';

/** A whole-page result (no access, not found, nothing to show) whose one primary button links elsewhere. */
export function LinkResult({ to, linkLabel, ...result }: ResultProps & { to: string; linkLabel: string }) {
  return (
    <Result
      {...result}
      extra={
        <Link to={to}>
          <Button type="primary">{linkLabel}</Button>
        </Link>
      }
    />
  );
}
