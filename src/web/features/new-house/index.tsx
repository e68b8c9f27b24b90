import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UnitTypes } from '../../../shared/house';
import type { ResourceOverrides } from '../../kit/resource-overrides';

type UnitType = UnitTypes[number];

/** The unit types as they read in the detail drawer: 三室两厅 89㎡ 350万起, one a line. */
function UnitTypesText({ value }: { value: unknown }) {
  const { t } = useTranslation('new-house');
  const types = (Array.isArray(value) ? value : []) as UnitType[];
  if (types.length === 0)
    return <Typography.Text type="secondary">{t('unitTypesEditor.none')}</Typography.Text>;
  return (
    <>
      {types.map((unit) => (
        <div key={unit.layout}>{t('unitTypesEditor.line', unit)}</div>
      ))}
    </>
  );
}

/** /new-house: the unit types as text (their editor is in form.tsx). */
export default {
  cells: { unitTypes: (value) => <UnitTypesText value={value} /> },
} satisfies ResourceOverrides;
