import type { TDataPageRequest } from '@masthub/shared';
import { useDataPage } from '../api.ts';
import type { RangeIso } from './ChartPane.tsx';
import { DataTable } from './DataTable.tsx';

interface TablePaneProps {
  /** False until the grid is wanted: nothing is asked for before. */
  isWanted: boolean;
  versionId: number;
  selectedIds: readonly number[];
  rangeIso: RangeIso;
  utcCode: string;
  pageNo: number;
  pageSize: number;
  onPageChange: (pageNo: number, pageSize: number) => void;
  selectedTimes: string[];
  onSelectTimes: (times: string[]) => void;
}

/** The table tab: one page (≤500 rows) of the selected channels over the range. */
export function TablePane({
  isWanted,
  versionId,
  selectedIds,
  rangeIso,
  pageNo,
  pageSize,
  ...rest
}: TablePaneProps) {
  const request: TDataPageRequest = {
    versionId,
    ...(selectedIds.length > 0 ? { channelIds: [...selectedIds] } : {}),
    ...rangeIso,
    pageNo,
    pageSize,
  };
  const { data: page, isFetching } = useDataPage(isWanted ? request : undefined);
  return (
    <DataTable
      page={page}
      isLoading={isFetching || !isWanted}
      pageNo={pageNo}
      pageSize={pageSize}
      {...rest}
    />
  );
}
