-- Issue 26: texts the server writes for people to read later are stored as a key of the shared catalogue
-- (packages/shared/src/i18n/texts.ts) and its parameters, and written out in the reader's language. Rows
-- written before keep their text; the common shapes are converted below where they can be read back
-- exactly, the rest are shown as written.

-- Built-in rows carry the key of their name in BUILTIN_NAMES; a user's own rows have none.
ALTER TABLE qc_rule ADD COLUMN builtin_key text;
UPDATE qc_rule q SET builtin_key = v.builtin_key
  FROM (VALUES
    ('auto_quality', '风速范围检验', 'qcRule.ws_range'),
    ('auto_quality', '风向范围检验', 'qcRule.wd_range'),
    ('auto_quality', '温度范围检验', 'qcRule.t_range'),
    ('auto_quality', '气压范围检验', 'qcRule.p_range'),
    ('auto_quality', '湿度范围检验', 'qcRule.rh_range'),
    ('auto_quality', '风速趋势检验', 'qcRule.ws_trend'),
    ('auto_quality', '温度趋势检验', 'qcRule.t_trend'),
    ('auto_quality', '气压趋势检验', 'qcRule.p_trend'),
    ('auto_quality', '风速高度差检验 50 m / 30 m', 'qcRule.ws_diff_50_30'),
    ('auto_quality', '风速高度差检验 50 m / 10 m', 'qcRule.ws_diff_50_10'),
    ('auto_quality', '风速高度差检验 30 m / 10 m', 'qcRule.ws_diff_30_10'),
    ('auto_quality', '风速高度差检验 70 m / 50 m', 'qcRule.ws_diff_70_50'),
    ('auto_quality', '风速高度差检验 70 m / 30 m', 'qcRule.ws_diff_70_30'),
    ('auto_quality', '风速高度差检验 70 m / 10 m', 'qcRule.ws_diff_70_10'),
    ('auto_quality', '风速高度差检验 100 m / 70 m', 'qcRule.ws_diff_100_70'),
    ('auto_quality', '风速高度差检验 100 m / 50 m', 'qcRule.ws_diff_100_50'),
    ('auto_quality', '风速高度差检验 100 m / 30 m', 'qcRule.ws_diff_100_30'),
    ('auto_quality', '风向高度差检验 50 m / 30 m', 'qcRule.wd_diff_50_30'),
    ('auto_quality', '风速数据缺失天数', 'qcRule.ws_missing_days'),
    ('warn', '连续 3 天无数据', 'qcRule.no_data_3_days')
  ) AS v (rule_type, name, builtin_key)
  WHERE q.rule_type = v.rule_type AND q.name = v.name AND q.station_id IS NULL;

ALTER TABLE report_template ADD COLUMN builtin_key text;
UPDATE report_template t SET builtin_key = v.builtin_key
  FROM (VALUES
    (0, '标准周报', 'reportTemplate.weekly_standard'),
    (0, '简要周报', 'reportTemplate.weekly_brief'),
    (1, '标准月报', 'reportTemplate.monthly_standard'),
    (1, '简要月报', 'reportTemplate.monthly_brief'),
    (2, '测风数据分析报告（GB/T 18710）', 'reportTemplate.analysis_gbt18710'),
    (2, '数据完整性报告', 'reportTemplate.analysis_completeness')
  ) AS v (type, name, builtin_key)
  WHERE t.type = v.type AND t.name = v.name AND t.is_builtin;

-- Alarm contents name their rules: the built-in ones by key too, so they read in the reader's language.
UPDATE alarm a SET content = a.content || jsonb_build_object('ruleKey', q.builtin_key)
  FROM qc_rule q
  WHERE a.content->>'kind' = 'no_data' AND q.rule_type = 'warn' AND q.builtin_key IS NOT NULL
    AND a.content->>'ruleName' = q.name;
UPDATE alarm a SET content = a.content || jsonb_build_object('ruleKeys', (
    SELECT jsonb_agg(q.builtin_key ORDER BY r.ord)
      FROM jsonb_array_elements_text(a.content->'rules') WITH ORDINALITY AS r (name, ord)
      LEFT JOIN qc_rule q ON q.rule_type = 'auto_quality' AND q.name = r.name AND q.builtin_key IS NOT NULL))
  WHERE a.content->>'kind' = 'abnormal' AND jsonb_typeof(a.content->'rules') = 'array';

-- Station log: the description as a text ({ key, params }); `objects` keeps what older versions wrote.
ALTER TABLE station_log ADD COLUMN objects_text jsonb;
ALTER TABLE station_log ALTER COLUMN objects SET DEFAULT '';

-- Converts the rows whose description matches `pattern`: capture group i becomes parameter names[i];
-- `extra` adds fixed parameters (a task kind named by the pattern).
CREATE FUNCTION pg_temp.convert_station_log(pattern text, text_key text, names text[], extra jsonb DEFAULT '{}')
RETURNS void LANGUAGE sql AS $$
  UPDATE station_log l
     SET objects_text = jsonb_build_object('key', text_key, 'params', extra || (
           SELECT coalesce(jsonb_object_agg(n.name, x.m[n.i]), '{}'::jsonb)
             FROM unnest(names) WITH ORDINALITY AS n (name, i)))
    FROM (SELECT id, regexp_match(objects, pattern) AS m FROM station_log WHERE objects_text IS NULL) x
   WHERE l.id = x.id AND x.m IS NOT NULL;
$$;

SELECT pg_temp.convert_station_log('^站点 (\S+)（(.*)）：标签 （无）$', 'stationLog.siteTags', ARRAY['code', 'name'],
  '{"tags": {"key": "part.none"}}');
SELECT pg_temp.convert_station_log('^站点 (\S+)：上传附件“(.*)”$', 'stationLog.attachmentUploaded', ARRAY['code', 'file']);
SELECT pg_temp.convert_station_log('^站点 (\S+)：删除附件“(.*)”$', 'stationLog.attachmentDeleted', ARRAY['code', 'file']);
SELECT pg_temp.convert_station_log('^站点 (\S+)：删除通道配置“(.*)”（生效时间 ([^）]*)）$',
  'stationLog.channelConfigDeleted', ARRAY['code', 'name', 'from']);
SELECT pg_temp.convert_station_log('^站点 (\S+)：新增通道配置“(.*)”（生效时间 ([^，]*)，(\d+) 个通道）$',
  'stationLog.channelConfigAdded', ARRAY['code', 'name', 'from', 'count']);
SELECT pg_temp.convert_station_log('^站点 (\S+)：修改通道配置“(.*)”（生效时间 ([^，]*)，(\d+) 个通道）$',
  'stationLog.channelConfigEdited', ARRAY['code', 'name', 'from', 'count']);
SELECT pg_temp.convert_station_log('^站点 (\S+)：导入 IEA Task 43 数据模型，新增 (\d+) 个通道配置$',
  'stationLog.iea43Imported', ARRAY['code', 'count']);
SELECT pg_temp.convert_station_log('^站点 (\S+) (.*)：新建数据版本“(.*)”（复制自“(.*)”）$',
  'stationLog.versionCreated', ARRAY['code', 'name', 'version', 'source']);
SELECT pg_temp.convert_station_log('^站点 (\S+) (.*)：数据版本“(.*)”改名为“(.*)”$',
  'stationLog.versionRenamed', ARRAY['code', 'name', 'before', 'after']);
SELECT pg_temp.convert_station_log('^站点 (\S+) (.*)：删除数据版本“(.*)”（任务 #(\d+)）$',
  'stationLog.versionDeleted', ARRAY['code', 'name', 'version', 'taskId']);
SELECT pg_temp.convert_station_log('^数据文件“(.*)”入库 (\d+) 个值$', 'stationLog.fileStored', ARRAY['file', 'count'],
  '{"span": ""}');
SELECT pg_temp.convert_station_log('^维修记录 #(\d+)：(.*)$', 'stationLog.repairRecorded', ARRAY['id', 'faultType']);
SELECT pg_temp.convert_station_log('^站点 (\S+)（([^（）]*)）$', 'stationLog.site', ARRAY['code', 'name']);
SELECT pg_temp.convert_station_log(format('^数据版本“(.*)”：%s（任务 #(\d+)）$', v.zh), 'stationLog.taskDone',
         ARRAY['version', 'taskId'], jsonb_build_object('kind', jsonb_build_object('key', 'taskKind.' || v.kind)))
  FROM (VALUES ('qc', '质量控制'), ('tower_shadow', '塔影修正'), ('interpolation', '插补'),
               ('extrapolation', '垂直外推'), ('representative_year', '代表年'), ('delete_data', '删除版本数据'),
               ('import', '数据导入')) AS v (kind, zh);

-- A stored file with its period: the period is a nested text.
UPDATE station_log l
   SET objects_text = jsonb_build_object('key', 'stationLog.fileStored', 'params', jsonb_build_object(
         'file', x.m[1], 'count', x.m[2],
         'span', jsonb_build_object('key', 'part.utcSpan', 'params', jsonb_build_object('from', x.m[3], 'to', x.m[4]))))
  FROM (SELECT id, regexp_match(objects, '^数据文件“(.*)”入库 (\d+) 个值，(.+) – (.+) UTC$') AS m
          FROM station_log WHERE objects_text IS NULL) x
 WHERE l.id = x.id AND x.m IS NOT NULL;

-- A site edit names the changed fields: converted when every name is a known field.
WITH fields (zh, field) AS (VALUES
    ('站点编号', 'station_code'), ('项目名称', 'project_name'), ('站点类型', 'station_type'), ('省份', 'region_code'),
    ('位置', 'location'), ('经度', 'longitude'), ('纬度', 'latitude'), ('海拔', 'altitude_m'), ('塔高', 'pylon_height_m'),
    ('采集器时区', 'logger_utc_offset_minutes'), ('站点状态', 'status'), ('开始测量时间', 'start_time'),
    ('设备厂家', 'manufacturer_id'), ('业主', 'owner_party_id'), ('数据管理员', 'data_admin_id'),
    ('告警类型', 'warn_type'), ('告警状态', 'warn_status'), ('质保开始日期', 'warranty_start'),
    ('质保结束日期', 'warranty_end'), ('安装开始日期', 'install_start'), ('安装结束日期', 'install_end'),
    ('SIM 卡号', 'sim'), ('报修邮箱', 'repair_emails'), ('抄送邮箱', 'cc_emails'), ('备注', 'notes'), ('标签', 'tags')),
  edits AS (
    SELECT id, regexp_match(objects, '^站点 (\S+)（(.*)）：([^：]+)$') AS m
      FROM station_log WHERE objects_text IS NULL AND location = 'stationInfo'),
  named AS (
    SELECT e.id, e.m, jsonb_agg(jsonb_build_object('key', 'stationField.' || f.field) ORDER BY n.ord) AS list,
           bool_and(f.field IS NOT NULL) AS is_complete
      FROM edits e
      CROSS JOIN LATERAL unnest(string_to_array(e.m[3], '、')) WITH ORDINALITY AS n (zh, ord)
      LEFT JOIN fields f ON f.zh = n.zh
     WHERE e.m IS NOT NULL
     GROUP BY e.id, e.m)
UPDATE station_log l
   SET objects_text = jsonb_build_object('key', 'stationLog.siteEdited',
         'params', jsonb_build_object('code', named.m[1], 'name', named.m[2], 'fields', named.list))
  FROM named
 WHERE l.id = named.id AND named.is_complete;

-- Messages: the title and the description as texts. Older rows written in both languages at once
-- ("中文 / English") are split into their two languages; the others are shown as written.
ALTER TABLE message ADD COLUMN message_text jsonb;
ALTER TABLE message ADD COLUMN description_text jsonb;
UPDATE message m
   SET message_text = jsonb_build_object('key', 'part.localized', 'params',
         jsonb_build_object('value', jsonb_build_object('zh', x.t[1], 'en', x.t[2])))
  FROM (SELECT id, regexp_match(message, '^(.*[一-鿿].*) / ([^一-鿿　-〿＀-￯]+)$') AS t FROM message) x
 WHERE m.id = x.id AND x.t IS NOT NULL;
UPDATE message m
   SET description_text = jsonb_build_object('key', 'part.localized', 'params',
         jsonb_build_object('value', jsonb_build_object('zh', x.t[1], 'en', x.t[2])))
  FROM (SELECT id, regexp_match(description, '^(.*[一-鿿].*) / ([^一-鿿　-〿＀-￯]+)$') AS t FROM message) x
 WHERE m.id = x.id AND x.t IS NOT NULL;
