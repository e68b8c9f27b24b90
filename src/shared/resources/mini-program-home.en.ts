import { type DictionaryOf, titlesOf } from '../resource';
import { miniProgramHome } from './mini-program-home';

export default {
  ...titlesOf(miniProgramHome, 'en'),
  noun: 'home entry',
  new: 'New home entry',
  fields: {
    position: 'Position',
    title: 'Title',
    image: 'Image',
    icon: 'Icon',
    link: 'Link',
    enabled: 'Enabled',
    startAt: 'Shown from',
    endAt: 'Shown until',
    sortOrder: 'Order',
  },
  enums: {
    enabled: { true: 'Enabled', false: 'Disabled' },
    icon: {
      none: 'None',
      ShopOutlined: 'Shop',
      ShoppingCartOutlined: 'Cart',
      GiftOutlined: 'Gift',
      CoffeeOutlined: 'Coffee',
      HomeOutlined: 'Home',
      ReadOutlined: 'Articles',
      ProfileOutlined: 'Orders',
      StarOutlined: 'Favourites',
      PhoneOutlined: 'Phone',
      EnvironmentOutlined: 'Location',
      CustomerServiceOutlined: 'Service',
      AppstoreOutlined: 'All',
    },
  },
  help: {
    image: 'An icon may stand in for the image',
    link: "The product, article, mini-program page or web address a tap opens (the page-path tool's catalogue)",
    startAt: 'Empty: shown at once; drag rows in the list to order them',
  },
  rules: {
    imageOrIcon: 'Upload an image or choose an icon',
    endAt: 'The end must come after the start',
  },
  keywordPlaceholder: 'Title',
} satisfies DictionaryOf<typeof miniProgramHome>;
