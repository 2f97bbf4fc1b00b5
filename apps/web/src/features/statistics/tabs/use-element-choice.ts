import { useState } from 'react';
import { ELEMENT_ORDER } from '../statistics.utils.ts';

/** The elements present in a list of series (speed first) and the one chosen to show. */
export function useElementChoice(series: readonly { element: string }[]) {
  const present = ELEMENT_ORDER.filter((e) => series.some((s) => s.element === e));
  const [chosen, setChosen] = useState<string | undefined>(present[0]);
  const element = chosen && present.includes(chosen as (typeof present)[number]) ? chosen : present[0];
  return { present, element, setElement: setChosen };
}
