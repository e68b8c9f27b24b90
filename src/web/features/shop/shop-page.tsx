import { App as AntdApp, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { AntdProvider } from '../../app/antd-provider';
import { i18n, loadDictionaries } from '../../i18n';
import { en } from './en';
import { Menu } from './menu';
import './shop-page.css';
import { zh } from './zh';

// The storefront's own texts, beside the areas' dictionaries it borrows.
i18n.addResourceBundle('zh', 'shop', zh);
i18n.addResourceBundle('en', 'shop', en);

/**
 * /shop/<merchant>?table=<id>: the store's storefront as its mini-program would show it (a
 * sandbox of one), what a table's QR code opens: menu, specs, cart, pay through the gateway's
 * sandbox, follow the order, ask for a refund, rate it. Public: no sign-in.
 */
export default function ShopPage() {
  const { merchantId = '' } = useParams();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    void Promise.all([
      loadDictionaries('product-order'),
      loadDictionaries('extension'),
      loadDictionaries('coupon'),
    ]).then(() => setReady(true));
  }, []);
  return (
    <AntdProvider>
      <AntdApp>
        <main className="shop">{ready ? <Menu merchantId={merchantId} /> : <Spin />}</main>
      </AntdApp>
    </AntdProvider>
  );
}
