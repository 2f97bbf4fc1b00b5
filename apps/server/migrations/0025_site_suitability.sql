-- Issue 29, site suitability (WIND-ANALYSIS §14): the IEC 61400-1 class a turbine is designed for, so the
-- energy yield can set it beside the site's verdict and warn when the site exceeds it; the analysis
-- report's built-in GB/T 18710 template gains the site suitability chapter.

-- 'I A' … 'III C' (A+ of ed.4 included) or 'S' (a special class); null = not stated.
ALTER TABLE turbine ADD COLUMN iec_class text
  CHECK (iec_class IS NULL OR iec_class ~ '^((I|II|III) (A\+|A|B|C)|S)$');

-- The published classes of the three reference turbines:
-- IEA-3.4-130-RWT: IEC class III A (Bortolotti et al. 2019, NREL/TP-5000-73492, table 1);
-- NREL 5 MW: IEC class I B (Jonkman et al. 2009, NREL/TP-500-38060, designed to class I B);
-- IEA-15-240-RWT: IEC class I B (Gaertner et al. 2020, NREL/TP-5000-75698, table 1).
UPDATE turbine SET iec_class = 'III A' WHERE is_builtin AND model = 'IEA 3.4 MW RWT (130 m)';
UPDATE turbine SET iec_class = 'I B' WHERE is_builtin AND model = 'NREL 5 MW reference (126 m)';
UPDATE turbine SET iec_class = 'I B' WHERE is_builtin AND model = 'IEA 15 MW RWT (240 m)';

-- The chapter sits after the extreme wind, before the multi-year comparison and the conclusion.
UPDATE report_template
  SET sections = array_cat(
    array_remove(array_remove(sections, 'period'), 'conclusion'),
    ARRAY['suitability'] || (CASE WHEN 'period' = ANY (sections) THEN ARRAY['period'] ELSE '{}'::text[] END)
      || ARRAY['conclusion'])
  WHERE type = 2 AND is_builtin AND builtin_key = 'reportTemplate.analysis_gbt18710'
    AND NOT ('suitability' = ANY (sections));
