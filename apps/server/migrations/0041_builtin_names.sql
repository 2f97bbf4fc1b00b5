-- Issue 41: the names MastHub itself writes are keys shown in the reader's language (packages/shared
-- BUILTIN_NAMES), like the built-in rules and report templates (0022): the roles it creates — the
-- administrator's on every first start, the demo's with the demo data — with their descriptions, and the
-- channel configurations the demo seed writes. A row a user renames loses its key and keeps the name as typed.
-- (The first data version is the `original` kind; the built-in administrator's name 系统管理员 is its own
-- well-known key, in the user row and in every copy of it a record keeps.)
ALTER TABLE role ADD COLUMN builtin_key text;
UPDATE role r SET builtin_key = v.builtin_key
  FROM (VALUES
    ('系统管理员', 'role.admin'),
    ('风资源工程师', 'role.windEngineer'),
    ('数据管理员', 'role.dataAdmin'),
    ('运维人员', 'role.operations'),
    ('访客', 'role.guest')
  ) AS v (name, builtin_key)
  WHERE r.name = v.name
    AND (r.is_admin = (v.builtin_key = 'role.admin'))
    AND r.description IN (
      '全部功能与全部站点（含新增站点）', '分析测风数据、运行数据处理、编制报告', '维护测风站台账、数据接入与规则',
      '处理告警与维修', '只读查看指定站点');

ALTER TABLE channel_config ADD COLUMN builtin_key text;
UPDATE channel_config c SET builtin_key = v.builtin_key
  FROM (VALUES
    ('初始配置', 'channelConfig.initial'),
    ('更换风速计', 'channelConfig.anemometersReplaced')
  ) AS v (name, builtin_key)
  WHERE c.name = v.name AND c.updater_id IS NULL AND c.updater_name = '系统管理员';
