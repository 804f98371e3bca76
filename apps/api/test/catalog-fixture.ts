import type { DemoCatalog } from '../src/seed/demo-catalog.types.ts';

const t = (zh: string, en: string) => ({ zh, en });
const text = { description: t('描述', 'Description'), instructions: t('说明', 'Instructions') };

/** A small catalog with every case the catalog tests need; ids follow array order. */
export const fixture: DemoCatalog = {
  categories: [
    { key: 'games', name: t('游戏', 'Games'), icon: '/i/games.svg' },
    { key: 'cards', name: t('点卡', 'Cards'), icon: '/i/cards.svg' },
    { key: 'rpg', parent: 'games', name: t('角色扮演', 'RPG'), icon: '/i/rpg.svg' },
  ],
  goods: [
    {
      key: 'saga', // id 1: direct top-up with face values, in a subcategory
      category: 'rpg',
      name: t('星海战记 钻石', 'Star Saga Diamonds'),
      subtitle: t('官方直充', 'Official top-up'),
      ...text,
      image: '/i/saga.svg',
      recharge_type: 2,
      sales: 500,
      face_values: [
        { face_value: 60, label: t('60 钻石', '60 diamonds'), price_cny: '6' },
        { face_value: 300, label: t('300 钻石', '300 diamonds'), price_cny: '30', price_usd: '4.50' },
        { face_value: 6480, label: t('6480 钻石', '6480 diamonds'), price_cny: '648', original_cny: '688' },
      ],
      servers: [t('官服', 'Official'), t('国际服', 'Global')],
    },
    {
      key: 'arena', // id 2: card keys with SKUs, one sold out
      category: 'cards',
      name: t('竞技点卡', 'Arena Gift Card'),
      subtitle: t('卡密秒发', 'Instant code'),
      ...text,
      image: '/i/arena.svg',
      recharge_type: 1,
      sales: 100,
      skus: [
        { spec: t('100元', '100 CNY'), price_cny: '98', stock: 5 },
        { spec: t('200元', '200 CNY'), price_cny: '196', stock: 0 },
      ],
    },
    {
      key: 'hoodie', // id 3: manual delivery, all sold out
      category: 'cards',
      name: t('像素卫衣', 'Pixel Hoodie 100%'),
      subtitle: t('人工发货', 'Shipped by hand'),
      ...text,
      image: '/i/hoodie.svg',
      recharge_type: 3,
      sales: 10,
      skus: [
        { spec: t('M 码', 'Size M'), price_cny: '199', stock: 0 },
        { spec: t('L 码', 'Size L'), price_cny: '199', stock: 0 },
      ],
    },
    {
      key: 'retired', // id 4: taken off sale by the tests
      category: 'games',
      name: t('停售商品', 'Retired goods'),
      subtitle: t('已下架', 'Gone'),
      ...text,
      image: '/i/retired.svg',
      recharge_type: 1,
      sales: 999,
      skus: [{ spec: t('默认', 'Default'), price_cny: '1', stock: 1 }],
    },
  ],
  zones: [
    {
      key: 'new',
      name: t('新游', 'New'),
      subtitle: t('专区', 'Zone'),
      banner: '/i/zone.svg',
      goods: ['arena', 'retired', 'saga'],
    },
  ],
  articles: [
    {
      type: 'help',
      title: t('关于我们', 'About us'),
      summary: t('简介', 'Summary'),
      content: t('第一段\n\n第二段', 'One\n\nTwo'),
    },
    { type: 'help', title: t('帮助', 'Help'), summary: t('帮助', 'Help'), content: t('帮助', 'Help') },
    { type: 'news', title: t('新闻', 'News'), summary: t('新闻', 'News'), content: t('新闻', 'News') },
  ],
  swipers: [
    {
      title: t('横幅一', 'Banner one'),
      subtitle: t('副标题', 'Subtitle'),
      image: '/i/b1.svg',
      link: '/category/goods/1',
    },
    {
      title: t('横幅二', 'Banner two'),
      subtitle: t('副标题', 'Subtitle'),
      image: '/i/b2.svg',
      link: '/zone/1',
    },
  ],
  modules: [
    {
      title: t('热门', 'Hot'),
      subtitle: t('热卖', 'Selling'),
      style: 'grid',
      goods: ['saga', 'arena', 'hoodie', 'retired'],
    },
    { title: t('新品', 'New'), subtitle: t('上新', 'Fresh'), style: 'row', goods: ['hoodie'] },
  ],
  regions: [
    {
      name: t('广东省', 'Guangdong'),
      children: [
        {
          name: t('深圳市', 'Shenzhen'),
          children: [{ name: t('南山区', 'Nanshan') }, { name: t('福田区', 'Futian') }],
        },
      ],
    },
  ],
};
