import {
  Card,
  DatePicker,
  Descriptions,
  Empty,
  Pagination,
  Radio,
  Select,
  Space,
  Table,
  TimePicker,
  Transfer,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, setLanguage } from '../../i18n';

/**
 * Template demo /i18n/index: switches the UI's language (the whole app, as the top bar's switch
 * does) over a sample of antd's components and a table, whose texts follow.
 */
export default function I18nPage() {
  const { t, i18n } = useTranslation('demos');
  const language = (i18n.language === 'en' ? 'en' : 'zh') satisfies Language;
  const rows = ([1, 2, 3] as const).map((id) => ({
    id,
    name: t(`i18n.sampleName${id}`),
    city: t(`i18n.sampleCity${id}`),
  }));
  return (
    <Card>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Radio.Group
          aria-label={t('i18n.language')}
          optionType="button"
          buttonStyle="solid"
          value={language}
          onChange={(event) => setLanguage(event.target.value)}
          options={LANGUAGES.map((l) => ({ value: l.key, label: l.label }))}
        />
        <Descriptions
          bordered
          size="small"
          column={1}
          items={[
            { key: 'title', label: t('i18n.titleLabel'), children: t('i18n.title') },
            { key: 'note', label: t('i18n.noteLabel'), children: t('i18n.note') },
          ]}
        />
        <Space wrap>
          <DatePicker />
          <DatePicker.RangePicker />
          <TimePicker />
          <Select
            style={{ width: 180 }}
            placeholder={t('i18n.select')}
            aria-label={t('i18n.select')}
            options={[]}
          />
        </Space>
        <Pagination total={200} showSizeChanger showQuickJumper />
        {/* Empty, its lists' select-all boxes would be unnamed and disabled: none. */}
        <Transfer dataSource={[]} render={() => null} showSelectAll={false} />
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={rows}
          columns={[
            { title: 'Id', dataIndex: 'id', width: 80 },
            { title: t('i18n.name'), dataIndex: 'name' },
            { title: t('i18n.city'), dataIndex: 'city' },
          ]}
        />
        <Empty />
      </Space>
    </Card>
  );
}
