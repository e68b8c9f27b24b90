import { goodsSetting } from '../../../shared/resources/goods-setting';
import { resourceContract } from '../../kit/resource-contract';

resourceContract(
  goodsSetting,
  {
    name: '亚马逊美国站',
    marketplace: 'amazon',
    site: 'US',
    currency: 'USD',
    exchangeRate: '7.2000',
    markupPercent: '30.00',
    fixedFee: '10.00',
    endIn99: true,
    handlingDays: 3,
    defaultStock: 100,
  },
  { exchangeRate: '7.1500', endIn99: false },
);
