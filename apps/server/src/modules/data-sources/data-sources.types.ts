/** What started a fetch run: the schedule, a pull of one source, or a manual pull for one site. */
export type TFetchTrigger = 'schedule' | 'manual' | 'station';
