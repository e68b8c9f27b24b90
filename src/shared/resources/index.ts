import type { ResourceDef } from '../resource';
import { account } from './account';
import { article } from './article';
import { broker } from './broker';
import { carousel } from './carousel';
import { collectionBox } from './collection-box';
import { costCenter } from './cost-center';
import { coupon } from './coupon';
import { customer } from './customer';
import { evaluate } from './evaluate';
import { extension } from './extension';
import { extensionOrder } from './extension-order';
import { feeds } from './feeds';
import { goods } from './goods';
import { goodsCategory } from './goods-category';
import { goodsKeywords } from './goods-keywords';
import { goodsSetting } from './goods-setting';
import { goodsUpc } from './goods-upc';
import { help } from './help';
import { houseList } from './house-list';
import { job } from './job';
import { listing } from './listing';
import { marketplaceAccount } from './marketplace-account';
import { marketplaceOrder } from './marketplace-order';
import { material } from './material';
import { miniProgramHome } from './mini-program-home';
import { miniProgramInfo } from './mini-program-info';
import { miniProgramRegistration } from './mini-program-registration';
import { miniProgramVersion } from './mini-program-version';
import { newHouse } from './new-house';
import { orderSetting } from './order-setting';
import { payManner } from './pay-manner';
import { printer } from './printer';
import { product } from './product';
import { productCategory } from './product-category';
import { productOrder } from './product-order';
import { secondHandHouse } from './second-hand-house';
import { sellingPartner } from './selling-partner';
import { store } from './store';
import { tableNumber } from './table-number';
import { websiteSetting } from './website-setting';

/**
 * Every business area declared as a resource. Shared code runs under both Node and Vite, so this
 * one list names them (resources.test.ts fails when a definition in this folder is missing here);
 * everything else (server routes and hooks, screens and their overrides, dictionaries) is found
 * by folder. Their order is the header search's order of results.
 */
export const resources: readonly ResourceDef[] = [
  store,
  customer,
  article,
  collectionBox,
  goods,
  goodsCategory,
  goodsKeywords,
  goodsUpc,
  goodsSetting,
  marketplaceAccount,
  help,
  account,
  costCenter,
  feeds,
  listing,
  marketplaceOrder,
  productCategory,
  product,
  carousel,
  orderSetting,
  printer,
  payManner,
  tableNumber,
  productOrder,
  evaluate,
  material,
  extension,
  coupon,
  extensionOrder,
  sellingPartner,
  houseList,
  secondHandHouse,
  newHouse,
  broker,
  miniProgramVersion,
  miniProgramRegistration,
  miniProgramInfo,
  miniProgramHome,
  job,
  websiteSetting,
];
