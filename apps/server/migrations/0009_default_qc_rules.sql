-- Issue 7: the default quality-control rules and the default warning rule (WIND-ANALYSIS §2.1,
-- packages/wind QC_DEFAULTS). Idempotent on the unique name index, so a database that already holds a
-- rule of the same type and name keeps its own; a default deleted later does not come back.
-- Parameters are in the shape the shared zod schema of each kind produces (QC_RULE_PARAMS).
INSERT INTO qc_rule (rule_type, kind, name, params, notes) VALUES
  ('auto_quality', 'range', '风速范围检验', '{"element":"ws","min":0,"max":40,"flag":3}', 'GB/T 18710-2002: 0 ≤ v < 40 m/s'),
  ('auto_quality', 'range', '风向范围检验', '{"element":"wd","min":0,"max":360,"flag":3}', 'GB/T 18710-2002: 0 ≤ θ < 360°'),
  ('auto_quality', 'range', '温度范围检验', '{"element":"T","min":-40,"max":50,"flag":3}', 'NB/T 31147-2018: −40…50 °C'),
  ('auto_quality', 'range', '气压范围检验', '{"element":"p","min":500,"max":1100,"flag":3}', 'NB/T 31147-2018: 50–110 kPa'),
  ('auto_quality', 'range', '湿度范围检验', '{"element":"RH","min":0,"max":100,"flag":3}', 'NB/T 31147-2018: 0–100 %'),
  ('auto_quality', 'trend', '风速趋势检验', '{"element":"ws","maxChange":6,"windowHours":1,"flag":2}', 'GB/T 18710-2002: 1 h change of v̄ < 6 m/s'),
  ('auto_quality', 'trend', '温度趋势检验', '{"element":"T","maxChange":5,"windowHours":1,"flag":2}', 'GB/T 18710-2002: 1 h change of T < 5 °C'),
  ('auto_quality', 'trend', '气压趋势检验', '{"element":"p","maxChange":10,"windowHours":3,"flag":2}', 'GB/T 18710-2002: 3 h change of p < 1 kPa'),
  ('auto_quality', 'height_diff', '风速高度差检验 50 m / 30 m', '{"element":"ws","lowerHeight":30,"upperHeight":50,"maxDifference":2,"flag":2}', 'GB/T 18710-2002: |v50 − v30| < 2.0 m/s'),
  ('auto_quality', 'height_diff', '风速高度差检验 50 m / 10 m', '{"element":"ws","lowerHeight":10,"upperHeight":50,"maxDifference":4,"flag":2}', 'GB/T 18710-2002: |v50 − v10| < 4.0 m/s'),
  ('auto_quality', 'height_diff', '风速高度差检验 30 m / 10 m', '{"element":"ws","lowerHeight":10,"upperHeight":30,"maxDifference":2,"flag":2}', ''),
  ('auto_quality', 'height_diff', '风速高度差检验 70 m / 50 m', '{"element":"ws","lowerHeight":50,"upperHeight":70,"maxDifference":2,"flag":2}', ''),
  ('auto_quality', 'height_diff', '风速高度差检验 70 m / 30 m', '{"element":"ws","lowerHeight":30,"upperHeight":70,"maxDifference":4,"flag":2}', ''),
  ('auto_quality', 'height_diff', '风速高度差检验 70 m / 10 m', '{"element":"ws","lowerHeight":10,"upperHeight":70,"maxDifference":6,"flag":2}', ''),
  ('auto_quality', 'height_diff', '风速高度差检验 100 m / 70 m', '{"element":"ws","lowerHeight":70,"upperHeight":100,"maxDifference":3,"flag":2}', ''),
  ('auto_quality', 'height_diff', '风速高度差检验 100 m / 50 m', '{"element":"ws","lowerHeight":50,"upperHeight":100,"maxDifference":5,"flag":2}', ''),
  ('auto_quality', 'height_diff', '风速高度差检验 100 m / 30 m', '{"element":"ws","lowerHeight":30,"upperHeight":100,"maxDifference":7,"flag":2}', ''),
  ('auto_quality', 'height_diff', '风向高度差检验 50 m / 30 m', '{"element":"wd","lowerHeight":30,"upperHeight":50,"maxDifference":22.5,"flag":2}', 'GB/T 18710-2002: |Δθ50/30| < 22.5°'),
  ('auto_quality', 'missing_days', '风速数据缺失天数', '{"element":"ws","minValuesPerDay":1}', ''),
  ('warn', 'no_data_days', '连续 3 天无数据', '{"days":3}', '')
ON CONFLICT (rule_type, lower(name)) DO NOTHING;
