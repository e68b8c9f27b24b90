import { goodsKeywords } from '../../../shared/resources/goods-keywords';
import { resourceContract } from '../../kit/resource-contract';

resourceContract(
  goodsKeywords,
  {
    name: '蓝牙耳机 美国站',
    marketplace: 'amazon',
    site: 'US',
    keywords: 'wireless earbuds bluetooth headphones',
    remark: '',
  },
  { keywords: 'wireless earbuds noise cancelling', site: 'CA' },
);
