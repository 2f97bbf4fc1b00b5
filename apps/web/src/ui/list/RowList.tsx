import { Empty, Flex, Typography, theme } from 'antd';
import type { CSSProperties, Key, ReactNode } from 'react';

/**
 * A short plain list: one row per item, its content on the left and an optional `extra` on the
 * right, rows divided by a hairline. antd 6.6 deprecated `List` (it warns in the console on every
 * render) and its successor `Listy` is a virtualised scroller, which a five-row card does not need.
 */
export function RowList<T>({
  items,
  rowKey,
  render,
  extra,
  empty,
  header,
  style,
  testId,
}: {
  items: readonly T[];
  rowKey: (item: T, index: number) => Key;
  render: (item: T) => ReactNode;
  extra?: (item: T) => ReactNode;
  /** Shown when `items` is empty; nothing when omitted. */
  empty?: ReactNode;
  header?: ReactNode;
  style?: CSSProperties;
  testId?: string;
}) {
  const { token } = theme.useToken();
  if (items.length === 0 && empty === undefined && header === undefined) return null;
  return (
    <div style={style} data-testid={testId}>
      {header ? <div style={{ padding: `${token.paddingXS}px 0` }}>{header}</div> : null}
      {items.length === 0 ? (
        empty === undefined ? null : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
        )
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((item, i) => (
            <li
              key={rowKey(item, i)}
              style={{
                padding: `${token.paddingXS}px 0`,
                borderBottom: i < items.length - 1 ? `1px solid ${token.colorSplit}` : undefined,
              }}
            >
              <Flex justify="space-between" align="center" gap={token.marginXS}>
                <Typography.Text style={{ minWidth: 0 }}>{render(item)}</Typography.Text>
                {extra ? <span style={{ flex: 'none' }}>{extra(item)}</span> : null}
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
