import { useSearchParams } from 'react-router';

/** `?stationId=` of the detail routes, or undefined when missing or not a positive integer. */
export function useStationId(): number | undefined {
  const [params] = useSearchParams();
  const value = Number(params.get('stationId'));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}
