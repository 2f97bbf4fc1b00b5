/** Logger files written for the tests in the layouts real loggers write (issue 40). */

/**
 * A CR1000 daily table over two month boundaries: stamps at midnight end the day before (`2024-01-29
 * 00:00:00` closes 28 January), `TMx`/`TMn` columns hold the time of the day's maximum and minimum, the
 * processing row says `Min`, `Max`, `TMx`, `Avg`, `Tot`. WS_ms_Avg is the day's number, 1 to 36.
 */
export function dailyToa5(): string {
  const lines = [
    '"TOA5","Station","CR1000","12345","CR1000.Std.32","CPU:station.CR1","54321","Daily"',
    '"TIMESTAMP","RECORD","BattV_Min","AirTC_Max","AirTC_TMx","AirTC_Min","AirTC_TMn","WS_ms_Avg","WS_ms_Max","WS_ms_TMx","Rain_mm_Tot","SlrMJ_Tot"',
    '"TS","RN","Volts","Deg C","Deg C","Deg C","Deg C","meters/second","meters/second","meters/second","mm","MJ/m²"',
    '"","","Min","Max","TMx","Min","TMn","Avg","Max","TMx","Tot","Tot"',
  ];
  const day = 86_400_000;
  const iso = (t: number) => new Date(t).toISOString().slice(0, 19).replace('T', ' ');
  for (let i = 0; i < 36; i++) {
    const end = Date.UTC(2024, 0, 29) + i * day;
    const start = end - day;
    lines.push(
      [
        `"${iso(end)}"`,
        i,
        (12.1 + (i % 3) / 10).toFixed(2),
        (8 + (i % 7)).toFixed(1),
        `"${iso(start + 14 * 3_600_000)}"`,
        (-2 + (i % 5)).toFixed(1),
        `"${iso(start + 5 * 3_600_000)}"`,
        String(i + 1),
        (i + 9.5).toFixed(1),
        `"${iso(start + 13 * 3_600_000)}"`,
        (i % 4 === 0 ? 2.4 : 0).toFixed(1),
        (8 + (i % 6)).toFixed(2),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
