// Word lists of the scale seed (scale.ts, issue 16): goods of every kind the shop sells, named in
// zh-CN and en the way a game shop names them ("星穹旅人 · 星辉石（国际服）" / "Star Voyager · Starlight
// Gems (Global)", "方舟 钱包充值卡（美区）" / "Arcway Wallet Card (US)"). Like the demo catalog, every
// game, brand and product is made up (README: a fictional catalog); the words are combined so 100k
// goods read like a real shelf rather than "goods no. N".

export type Text = readonly [zh: string, en: string];

/** Made-up game titles: a prefix, a suffix and an edition, zh and en side by side. */
const TITLE_HEADS: Text[] = [
  ['星穹', 'Star'],
  ['潮汐', 'Tide'],
  ['永夜', 'Evernight'],
  ['龙渊', 'Dragonmere'],
  ['幻域', 'Mirage'],
  ['云梦', 'Cloud Dream'],
  ['赤焰', 'Crimson'],
  ['苍穹', 'Azure'],
  ['霓虹', 'Neon'],
  ['月影', 'Moonshadow'],
  ['风暴', 'Storm'],
  ['神谕', 'Oracle'],
  ['山海', 'Peaks & Seas'],
  ['天穹', 'Skyward'],
  ['机甲', 'Mecha'],
  ['魔域', 'Demon Realm'],
  ['剑心', 'Swordheart'],
  ['银河', 'Galaxy'],
  ['黎明', 'Dawn'],
  ['深渊', 'Abyss'],
  ['荒野', 'Wildlands'],
  ['王冠', 'Crown'],
  ['秘境', 'Hidden Realm'],
  ['灵境', 'Spirit Realm'],
  ['方舟', 'Ark'],
  ['诸神', 'Pantheon'],
  ['碧海', 'Emerald Sea'],
  ['雪原', 'Snowfield'],
  ['铁血', 'Iron Blood'],
  ['光年', 'Lightyear'],
  ['九州', 'Nine Provinces'],
  ['琉璃', 'Glasswing'],
  ['萌宠', 'Pocket Pets'],
  ['像素', 'Pixel'],
  ['蘑菇', 'Mushroom'],
  ['猫咪', 'Kitty'],
  ['海盗', 'Pirate'],
  ['末日', 'Doomsday'],
  ['战舰', 'Warship'],
  ['仙侠', 'Immortal'],
];
const TITLE_TAILS: Text[] = [
  ['旅人', 'Voyager'],
  ['纪元', 'Era'],
  ['之境', 'Realms'],
  ['传说', 'Legends'],
  ['战记', 'Chronicles'],
  ['物语', 'Tales'],
  ['英雄', 'Heroes'],
  ['王座', 'Throne'],
  ['奇兵', 'Raiders'],
  ['远征', 'Expedition'],
  ['联盟', 'Alliance'],
  ['幻想', 'Fantasy'],
  ['突击', 'Strike'],
  ['学院', 'Academy'],
  ['小镇', 'Town'],
  ['大陆', 'Continent'],
  ['契约', 'Covenant'],
  ['守望', 'Watch'],
  ['大作战', 'Brawl'],
  ['无双', 'Warriors'],
  ['幸存者', 'Survivors'],
  ['猎人', 'Hunters'],
  ['骑士团', 'Knights'],
  ['回响', 'Echoes'],
  ['星途', 'Odyssey'],
];
const EDITIONS: Text[] = [
  ['', ''],
  ['2', ' 2'],
  ['手游', ' Mobile'],
  ['：重生', ': Reborn'],
  ['Online', ' Online'],
];

/** A game's premium currency and its tiers: [amount, price in yuan]. */
const CURRENCIES: Text[] = [
  ['星辉石', 'Starlight Gems'],
  ['晶钻', 'Crystals'],
  ['钻石', 'Diamonds'],
  ['金币', 'Gold Coins'],
  ['点券', 'Vouchers'],
  ['元宝', 'Ingots'],
  ['月晶', 'Moon Shards'],
  ['灵石', 'Spirit Stones'],
  ['宝石', 'Gems'],
  ['星币', 'Star Coins'],
  ['金券', 'Gold Tickets'],
  ['贝壳', 'Shells'],
  ['魔晶', 'Mana Crystals'],
  ['龙鳞', 'Dragon Scales'],
];
const TIERS: ReadonlyArray<ReadonlyArray<readonly [number, number]>> = [
  [
    [60, 6],
    [300, 30],
    [680, 68],
    [1280, 128],
    [3280, 328],
    [6480, 648],
  ],
  [
    [100, 10],
    [500, 50],
    [1000, 100],
    [2000, 200],
    [5000, 500],
  ],
  [
    [60, 6],
    [180, 18],
    [300, 30],
    [980, 98],
    [1980, 198],
    [3280, 328],
    [6480, 648],
  ],
];
const VERSIONS: Text[] = [
  ['', ''],
  ['（官服）', ' (Official)'],
  ['（国际服）', ' (Global)'],
  ['（港澳台服）', ' (HK/MO/TW)'],
  ['（东南亚服）', ' (SEA)'],
  ['（日服）', ' (Japan)'],
  ['（iOS）', ' (iOS)'],
  ['（安卓）', ' (Android)'],
];
const SERVERS: Text[] = [
  ['官服', 'Official'],
  ['渠道服', 'Partner server'],
  ['国际服', 'Global'],
  ['亚服', 'Asia'],
  ['欧服', 'Europe'],
  ['美服', 'Americas'],
  ['华东一区', 'East China 1'],
  ['华南一区', 'South China 1'],
  ['华北一区', 'North China 1'],
  ['新服 · 星火', 'New: Starfire'],
];

/** Made-up platforms whose wallet and gift cards the shop sells. */
const BRANDS: Text[] = [
  ['方舟', 'Arcway'],
  ['游乐巢', 'PlayNest'],
  ['云端', 'CloudPlay'],
  ['星港', 'StarPort'],
  ['极光', 'Aurora'],
  ['魔方', 'Cubix'],
  ['乐享', 'JoyShare'],
  ['橙光', 'Orangelight'],
  ['海豚', 'Dolphin'],
  ['潮玩', 'TrendPlay'],
  ['火箭', 'Rocket'],
  ['青柠', 'Lime'],
  ['光速', 'Lightspeed'],
  ['萤火', 'Firefly'],
  ['雷霆', 'Thunder'],
  ['白鲸', 'Beluga'],
  ['银狐', 'Silver Fox'],
  ['北极星', 'Polaris'],
  ['红杉', 'Redwood'],
  ['蓝鲸', 'Blue Whale'],
];
const CARD_TYPES: Text[] = [
  ['钱包充值卡', 'Wallet Card'],
  ['礼品卡', 'Gift Card'],
  ['储值卡', 'Prepaid Card'],
  ['兑换码', 'Redeem Code'],
];
/** A card region: its name, and denominations as [face value, label zh, label en, price in yuan]. */
const CARD_REGIONS: ReadonlyArray<{
  name: Text;
  faces: ReadonlyArray<readonly [number, string, string, number]>;
}> = [
  {
    name: ['（中国区）', ' (China)'],
    faces: [
      [50, '50 元', '¥50', 49],
      [100, '100 元', '¥100', 98],
      [200, '200 元', '¥200', 196],
      [500, '500 元', '¥500', 490],
    ],
  },
  {
    name: ['（美区）', ' (US)'],
    faces: [
      [10, '10 美元', '$10', 72],
      [25, '25 美元', '$25', 179],
      [50, '50 美元', '$50', 356],
      [100, '100 美元', '$100', 709],
    ],
  },
  {
    name: ['（港区）', ' (Hong Kong)'],
    faces: [
      [100, '100 港币', 'HK$100', 92],
      [200, '200 港币', 'HK$200', 183],
      [500, '500 港币', 'HK$500', 455],
    ],
  },
  {
    name: ['（日区）', ' (Japan)'],
    faces: [
      [1000, '1000 日元', '¥1,000 (JPY)', 48],
      [3000, '3000 日元', '¥3,000 (JPY)', 143],
      [5000, '5000 日元', '¥5,000 (JPY)', 238],
    ],
  },
  {
    name: ['（欧区）', ' (EU)'],
    faces: [
      [20, '20 欧元', '€20', 156],
      [50, '50 欧元', '€50', 388],
    ],
  },
];

/** Game time and passes sold as codes: [name, SKUs as [spec zh, spec en, price in yuan]]. */
const PASSES: ReadonlyArray<{ name: Text; skus: ReadonlyArray<readonly [string, string, number]> }> = [
  {
    name: ['月卡', 'Monthly Card'],
    skus: [
      ['30 天', '30 days', 30],
      ['90 天', '90 days', 88],
    ],
  },
  {
    name: ['赛季通行证', 'Season Pass'],
    skus: [
      ['标准版', 'Standard', 68],
      ['豪华版', 'Deluxe', 128],
    ],
  },
  {
    name: ['点卡', 'Game Time Card'],
    skus: [
      ['30 元', '¥30', 30],
      ['50 元', '¥50', 50],
      ['100 元', '¥100', 100],
    ],
  },
  {
    name: ['新手礼包码', 'Starter Pack Code'],
    skus: [['礼包码', 'Pack code', 12]],
  },
];

/** Made-up streaming, music and reading services. */
const SERVICES: Text[] = [
  ['潮音音乐', 'Tidewave Music'],
  ['流光视频', 'Lumen Video'],
  ['青橙视频', 'Citrus Video'],
  ['云听', 'CloudListen'],
  ['星河影视', 'Galaxy Cinema'],
  ['微光音乐', 'Glimmer Music'],
  ['知了阅读', 'Cicada Reads'],
  ['极速网盘', 'TurboDrive'],
  ['漫游动漫', 'Roam Anime'],
  ['听风电台', 'Windcast Radio'],
];
const MEMBERSHIPS: Text[] = [
  ['会员', 'Premium'],
  ['超级会员', 'Super Premium'],
  ['家庭会员', 'Family Plan'],
];
const MEMBERSHIP_SKUS: ReadonlyArray<readonly [string, string, number]> = [
  ['1 个月', '1 month', 25],
  ['3 个月', '3 months', 68],
  ['12 个月', '12 months', 238],
];

/** Merchandise that ships: [item, SKUs]. */
const MERCH: ReadonlyArray<{ name: Text; skus: ReadonlyArray<readonly [string, string, number]> }> = [
  {
    name: ['手办', 'Figure'],
    skus: [
      ['标准版', 'Standard', 399],
      ['典藏版', "Collector's edition", 699],
    ],
  },
  {
    name: ['连帽卫衣', 'Hoodie'],
    skus: [
      ['S 码', 'Size S', 229],
      ['M 码', 'Size M', 229],
      ['L 码', 'Size L', 229],
      ['XL 码', 'Size XL', 239],
    ],
  },
  {
    name: ['T 恤', 'T-shirt'],
    skus: [
      ['M 码', 'Size M', 99],
      ['L 码', 'Size L', 99],
      ['XL 码', 'Size XL', 109],
    ],
  },
  {
    name: ['鼠标垫', 'Mouse Pad'],
    skus: [
      ['标准 (450×400)', 'Standard (450×400)', 79],
      ['加大 (900×400)', 'XL (900×400)', 129],
    ],
  },
  { name: ['毛绒公仔', 'Plush'], skus: [['25 厘米', '25 cm', 129]] },
  { name: ['亚克力立牌', 'Acrylic Stand'], skus: [['单个', 'Single', 49]] },
  { name: ['徽章套装', 'Badge Set'], skus: [['6 枚装', 'Set of 6', 59]] },
  { name: ['官方设定集', 'Official Art Book'], skus: [['精装', 'Hardcover', 268]] },
  { name: ['原声黑胶唱片', 'Soundtrack Vinyl'], skus: [['双碟', '2 LP', 328]] },
  { name: ['马克杯', 'Mug'], skus: [['350 毫升', '350 ml', 59]] },
  { name: ['帆布包', 'Tote Bag'], skus: [['米白', 'Cream', 69]] },
];
const CHARACTERS: Text[] = [
  ['', ''],
  ['艾拉', 'Aila'],
  ['星野', 'Hoshino'],
  ['白夜', 'Byakuya'],
  ['洛洛', 'Lolo'],
  ['赤瞳', 'Crimson Eye'],
  ['雪见', 'Yukimi'],
  ['铁卫', 'Ironguard'],
];

/** Assisted top-ups done by staff (manual delivery, nothing ships): [spec zh, spec en, yuan]. */
const ASSISTED_SKUS: ReadonlyArray<readonly [string, string, number]> = [
  ['100 元档', '¥100 tier', 100],
  ['300 元档', '¥300 tier', 300],
  ['648 元档', '¥648 tier', 648],
];

export type Kind = 'topup' | 'card' | 'pass' | 'membership' | 'assisted' | 'merch';

/** How the goods of a kind are shared out (of 100). */
export const KIND_SHARE: ReadonlyArray<readonly [Kind, number]> = [
  ['topup', 34],
  ['card', 16],
  ['pass', 14],
  ['membership', 6],
  ['assisted', 5],
  ['merch', 25],
];

/** Category names (en, lower case) each kind belongs in, best first. */
export const KIND_CATEGORIES: Record<Kind, RegExp> = {
  topup: /rpg|moba|idle|casual|shooter|mmo|mobile|pc games|games/,
  card: /wallet|gift|cards/,
  pass: /game time|passes|cards/,
  membership: /member/,
  assisted: /pc games|mobile games|mmo|games/,
  merch: /merch/,
};

/** Pictures under apps/web/public/images/goods that suit each kind. */
const IMAGES: Record<Kind, string[]> = {
  topup: ['starbound', 'tidebound', 'crown-rift', 'mushroom-town', 'neon-strike', 'evernight'],
  card: ['arcway-wallet', 'playnest-card'],
  pass: ['evernight-time', 'neon-pass'],
  membership: ['tidewave-music', 'lumen-video'],
  assisted: ['evernight', 'neon-strike'],
  merch: ['aila-figure', 'harbor-hoodie', 'neon-mousepad', 'mushroom-plush'],
};

const SUBTITLES: Record<Kind, Text[]> = {
  topup: [
    ['官方直充，最快 10 秒到账', 'Official direct top-up, credited in seconds'],
    ['大额档位限时 95 折', '5% off the big tiers for a limited time'],
    ['只需角色 ID，无需账号密码', 'Only your character ID, never your password'],
  ],
  card: [
    ['卡密即买即发', 'Code delivered the moment you pay'],
    ['面值 98 折，授权渠道供货', '2% off face value, from authorised distributors'],
  ],
  pass: [
    ['付款后自动发放兑换码', 'Your code is issued automatically after payment'],
    ['赛季限定，售完即止', 'This season only, while stocks last'],
  ],
  membership: [
    ['会员兑换码，秒发', 'Membership code, delivered instantly'],
    ['年卡低至 6.6 折', 'Annual plan at up to 34% off'],
  ],
  assisted: [
    ['客服人工代充，30 分钟内完成', 'Topped up by our staff within 30 minutes'],
    ['海外服代充，需提供登录方式', 'For overseas servers; login details needed'],
  ],
  merch: [
    ['官方正版周边，顺丰包邮', 'Official merchandise, free express shipping'],
    ['限量发售，48 小时内发货', 'Limited release, ships within 48 hours'],
  ],
};

const DESCRIPTIONS: Record<Kind, Text> = {
  topup: [
    '本商品为官方直充，付款后自动充值到您填写的角色，一般 10 秒至 3 分钟到账。充值失败会自动退回余额。',
    'A direct top-up: once you pay, it goes to the character you entered, usually within 10 seconds to 3 minutes. A failed top-up is refunded to your balance.',
  ],
  card: [
    '卡密付款后自动发放，可在订单详情中查看和复制。礼品卡一经兑换不可撤销，请确认账户地区后再购买。',
    'The code is issued as soon as you pay; view and copy it in the order details. Redeemed cards cannot be reversed, so check your account region first.',
  ],
  pass: [
    '兑换码付款后即时发放，在游戏内“兑换中心”输入即可领取。',
    'Your code is issued the moment you pay; enter it in the game’s redeem centre to claim it.',
  ],
  membership: [
    '会员兑换码，付款后即时发放，在 App 的“我的 → 兑换会员”中使用。',
    'A membership code, issued the moment you pay; redeem it in the app under Me → Redeem.',
  ],
  assisted: [
    '由客服人工为您充值，下单后请留意站内消息，完成后会通知您。',
    'Our staff top up your account by hand; watch your messages, we tell you when it is done.',
  ],
  merch: [
    '官方授权正版周边，付款后 48 小时内从仓库发出，发货后可在订单中查看物流单号。',
    'Officially licensed merchandise, shipped from our warehouse within 48 hours of payment; the tracking number appears on your order.',
  ],
};

const INSTRUCTIONS: Record<Kind, Text> = {
  topup: [
    '1. 在游戏内复制角色 ID\n2. 选择面值与服务器并下单\n3. 付款后自动到账',
    '1. Copy your character ID in the game\n2. Choose an amount and server and order\n3. It is credited after payment',
  ],
  card: [
    '1. 付款后在订单详情复制卡密\n2. 在平台“兑换礼品卡”页面粘贴并确认',
    '1. Copy the code from the order details after paying\n2. Paste it on the platform’s Redeem page',
  ],
  pass: [
    '1. 复制兑换码\n2. 在游戏“兑换中心”输入',
    '1. Copy the code\n2. Enter it in the game’s redeem centre',
  ],
  membership: ['1. 复制兑换码\n2. 在 App 中兑换会员', '1. Copy the code\n2. Redeem it in the app'],
  assisted: ['1. 下单并付款\n2. 客服联系您完成充值', '1. Order and pay\n2. Our staff contact you and top up'],
  merch: [
    '1. 选择规格并填写收货地址\n2. 付款后 48 小时内发货',
    '1. Choose an option and your address\n2. Ships within 48 hours of payment',
  ],
};

/** An option of a made-up goods: SKU (spec) or face value (label), its price in fen. */
export type MadeOption = { zh: string; en: string; price: number; face?: number; original?: number };

export type MadeGoods = {
  kind: Kind;
  rechargeType: 1 | 2 | 3;
  ships: 0 | 1;
  name: Text;
  subtitle: Text;
  description: Text;
  instructions: Text;
  image: string;
  /** spec_type 2 (face values) when true, else SKUs. */
  faces: boolean;
  options: MadeOption[];
  servers: Text[];
  playerHint: Text;
};

type Pick = { int(min: number, max: number): number; pick<T>(list: readonly T[]): T; next(): number };

const TITLES = TITLE_HEADS.length * TITLE_TAILS.length * EDITIONS.length;

/** Game title number `n` (0 … TITLES-1): its name and its currency and tiers. */
function title(n: number): { name: Text; currency: Text; tiers: (typeof TIERS)[number] } {
  const head = TITLE_HEADS[n % TITLE_HEADS.length]!;
  const tail = TITLE_TAILS[Math.floor(n / TITLE_HEADS.length) % TITLE_TAILS.length]!;
  const edition = EDITIONS[Math.floor(n / (TITLE_HEADS.length * TITLE_TAILS.length)) % EDITIONS.length]!;
  return {
    name: [`${head[0]}${tail[0]}${edition[0]}`, `${head[1]} ${tail[1]}${edition[1]}`],
    currency: CURRENCIES[n % CURRENCIES.length]!,
    tiers: TIERS[n % TIERS.length]!,
  };
}

const fen = (yuan: number) => Math.round(yuan * 100);

/** A made-up goods of `kind`, its words chosen by `rnd`. */
export function makeGoodsOf(kind: Kind, rnd: Pick): MadeGoods {
  const game = title(rnd.int(0, TITLES - 1));
  const [gz, ge] = game.name;
  const common = {
    kind,
    subtitle: rnd.pick(SUBTITLES[kind]),
    description: DESCRIPTIONS[kind],
    instructions: INSTRUCTIONS[kind],
    image: `/images/goods/${rnd.pick(IMAGES[kind])}.svg`,
    servers: [] as Text[],
    playerHint: ['', ''] as Text,
  };
  switch (kind) {
    case 'topup': {
      const version = rnd.pick(VERSIONS);
      const [cz, ce] = game.currency;
      const discount = rnd.next() < 0.25 ? 0.95 : 1;
      const servers = SERVERS.filter(() => rnd.next() < 0.4).slice(0, 5);
      return {
        ...common,
        rechargeType: 2,
        ships: 0,
        name: [`${gz} · ${cz}${version[0]}`, `${ge} · ${ce}${version[1]}`],
        faces: true,
        options: game.tiers.map(([amount, yuan]) => ({
          zh: `${amount} ${cz}`,
          en: `${amount.toLocaleString('en-US')} ${ce}`,
          face: amount,
          price: fen(yuan >= 68 ? yuan * discount : yuan),
          ...(discount < 1 && yuan >= 68 ? { original: fen(yuan) } : {}),
        })),
        servers: servers.length ? servers : [SERVERS[0]!],
        playerHint: [
          '在游戏内点击头像，复制角色 ID（UID）',
          'Tap your avatar in the game and copy your character ID (UID)',
        ],
      };
    }
    case 'card': {
      const [bz, be] = rnd.pick(BRANDS);
      const [tz, te] = rnd.pick(CARD_TYPES);
      const region = rnd.pick(CARD_REGIONS);
      return {
        ...common,
        rechargeType: 1,
        ships: 0,
        name: [`${bz} ${tz}${region.name[0]}`, `${be} ${te}${region.name[1]}`],
        faces: true,
        options: region.faces.map(([face, zh, en, yuan]) => ({
          zh: `${zh}面值`,
          en: `${en} card`,
          face,
          price: fen(yuan),
        })),
      };
    }
    case 'pass': {
      const pass = rnd.pick(PASSES);
      return {
        ...common,
        rechargeType: 1,
        ships: 0,
        name: [`${gz} ${pass.name[0]}`, `${ge} ${pass.name[1]}`],
        faces: false,
        options: pass.skus.map(([zh, en, yuan]) => ({ zh, en, price: fen(yuan) })),
      };
    }
    case 'membership': {
      const [sz, se] = rnd.pick(SERVICES);
      const [mz, me] = rnd.pick(MEMBERSHIPS);
      const factor = me === 'Premium' ? 1 : me === 'Super Premium' ? 1.6 : 2.2;
      return {
        ...common,
        rechargeType: 1,
        ships: 0,
        name: [`${sz} ${mz}`, `${se} ${me}`],
        faces: false,
        options: MEMBERSHIP_SKUS.map(([zh, en, yuan]) => ({ zh, en, price: fen(Math.round(yuan * factor)) })),
      };
    }
    case 'assisted': {
      const version = rnd.pick(VERSIONS.slice(2));
      return {
        ...common,
        rechargeType: 3,
        ships: 0,
        name: [`${gz} 人工代充${version[0]}`, `${ge} Assisted Top-up${version[1]}`],
        faces: false,
        options: ASSISTED_SKUS.map(([zh, en, yuan]) => ({ zh, en, price: fen(yuan) })),
      };
    }
    case 'merch': {
      const item = rnd.pick(MERCH);
      const [hz, he] = rnd.pick(CHARACTERS);
      return {
        ...common,
        rechargeType: 3,
        ships: 1,
        name: [`${gz} ${hz}${item.name[0]}`, `${ge}${he ? ` ${he}` : ''} ${item.name[1]}`],
        faces: false,
        options: item.skus.map(([zh, en, yuan]) => ({ zh, en, price: fen(yuan) })),
      };
    }
  }
}

// People and places: buyers' nicknames, recipients, addresses, support conversations.

const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '黄',
  '赵',
  '吴',
  '周',
  '徐',
  '孙',
  '马',
  '朱',
  '胡',
  '林',
  '郭',
  '何',
];
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '磊',
  '洋',
  '艳',
  '勇',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '霞',
  '平',
  '刚',
  '婷',
  '浩然',
  '子涵',
  '梓萱',
  '宇轩',
  '欣怡',
  '一诺',
];
const NICK_ZH = [
  '小鱼',
  '阿杰',
  '夜猫子',
  '星星',
  '橘子汽水',
  '不吃香菜',
  '咸鱼翻身',
  '奶茶续命',
  '月光',
  '大白',
  '土豆',
  '风之子',
  '云朵',
  '小熊',
  '柠檬',
];
const NICK_EN = [
  'NightOwl',
  'PixelFox',
  'Kiwi',
  'ShadowMage',
  'LuckyCat',
  'Nova',
  'Blaze',
  'Mochi',
  'Drifter',
  'Sunny',
  'Echo',
  'Rookie',
];

export const recipientName = (rnd: Pick) => `${rnd.pick(SURNAMES)}${rnd.pick(GIVEN)}`;
export const nickname = (rnd: Pick, en: boolean) =>
  en ? `${rnd.pick(NICK_EN)}${rnd.int(1, 9999)}` : `${rnd.pick(NICK_ZH)}${rnd.int(1, 999)}`;
export const phone = (rnd: Pick) =>
  `1${rnd.pick(['3', '5', '7', '8', '9'])}${String(rnd.int(0, 999_999_999)).padStart(9, '0')}`;

const ROADS: Text[] = [
  ['科技园路', 'Keji Road'],
  ['人民路', 'Renmin Road'],
  ['建设大道', 'Jianshe Avenue'],
  ['中山路', 'Zhongshan Road'],
  ['解放路', 'Jiefang Road'],
  ['滨江大道', 'Binjiang Avenue'],
  ['长安街', "Chang'an Street"],
  ['学院路', 'Xueyuan Road'],
];
/** A street address in the buyer's language. */
export function streetDetail(rnd: Pick, en: boolean): string {
  const [zh, enRoad] = rnd.pick(ROADS);
  const [no, building, room] = [rnd.int(1, 999), rnd.int(1, 30), rnd.int(101, 3208)];
  return en
    ? `Room ${room}, Building ${building}, No. ${no} ${enRoad}`
    : `${zh} ${no} 号 ${building} 栋 ${room} 室`;
}

const CARRIERS = [
  ['SF', 12],
  ['YT', 13],
  ['ZTO', 12],
  ['JD', 13],
  ['EMS', 11],
] as const;
export function trackingNumber(rnd: Pick): string {
  const [prefix, digits] = rnd.pick(CARRIERS);
  let n = '';
  for (let i = 0; i < digits; i++) n += String(rnd.int(0, 9));
  return `${prefix}${n}`;
}

/** What a buyer writes to support about an order of a kind, and what an operator answers. */
export const TICKETS: Record<Kind | 'none', ReadonlyArray<{ subject: Text; ask: Text; answer: Text }>> = {
  topup: [
    {
      subject: ['充值还没到账', 'Top-up not received yet'],
      ask: [
        '已经付款半小时了，游戏里还没看到，麻烦看一下。',
        'I paid half an hour ago and nothing has arrived in the game yet.',
      ],
      answer: [
        '已为您查询，充值已到账，请重新登录游戏查看。',
        'We checked: it has been credited. Please log in to the game again.',
      ],
    },
    {
      subject: ['角色 ID 填错了', 'I entered the wrong character ID'],
      ask: [
        '下单时角色 ID 填错了一位，能改吗？',
        'I got one digit of my character ID wrong. Can it be changed?',
      ],
      answer: [
        '已联系供货方拦截，退款已退回您的余额。',
        'We stopped it with the supplier; the money is back in your balance.',
      ],
    },
  ],
  card: [
    {
      subject: ['卡密无法使用', 'The card key does not work'],
      ask: ['兑换时提示卡密无效，截图已附上。', 'Redeeming says the code is invalid; screenshot attached.'],
      answer: [
        '已核实并为您补发新的卡密，请在订单详情中查看。',
        'Verified: a new code has been issued, see your order details.',
      ],
    },
    {
      subject: ['买错地区了', 'I bought the wrong region'],
      ask: [
        '买成了美区的卡，可以换成中国区吗？',
        'I bought a US card by mistake. Can I swap it for a China one?',
      ],
      answer: [
        '卡密未查看前可以为您更换，已处理。',
        'As the code was not revealed yet we swapped it for you.',
      ],
    },
  ],
  pass: [
    {
      subject: ['兑换码在哪里使用', 'Where do I use the code?'],
      ask: ['兑换码应该在哪里输入？', 'Where do I enter the code?'],
      answer: ['在游戏设置 → 兑换中心输入即可。', 'In the game: Settings → Redeem centre.'],
    },
  ],
  membership: [
    {
      subject: ['会员没有生效', 'Membership not active'],
      ask: ['兑换成功了但会员没有生效。', 'The code was accepted but my membership is not active.'],
      answer: [
        '请退出 App 重新登录，会员状态会刷新。',
        'Please sign out of the app and in again; the status refreshes.',
      ],
    },
  ],
  assisted: [
    {
      subject: ['代充需要多久', 'How long does assisted top-up take?'],
      ask: ['下单后多久能充好？需要我做什么？', 'How long until it is done, and what do I need to do?'],
      answer: [
        '客服会在 30 分钟内联系您，请保持登录方式可用。',
        'Our staff contact you within 30 minutes; keep your login available.',
      ],
    },
  ],
  merch: [
    {
      subject: ['什么时候发货？', 'When will it ship?'],
      ask: [
        '下单两天了还没发货，能加急吗？',
        'It has been two days and it has not shipped. Can you hurry it?',
      ],
      answer: [
        '已安排今天发出，物流单号会显示在订单中。',
        'It ships today; the tracking number will show on your order.',
      ],
    },
    {
      subject: ['想修改收货地址', 'I need to change my address'],
      ask: ['收货地址写错了，可以改一下吗？', 'I entered the wrong address. Can it be changed?'],
      answer: ['已为您修改收货地址。', 'We have changed the address for you.'],
    },
  ],
  none: [
    {
      subject: ['如何修改绑定邮箱？', 'How do I change my email?'],
      ask: ['想换一个邮箱登录，怎么操作？', 'I want to sign in with another email. How?'],
      answer: ['在“个人中心 → 账号安全”中可以修改。', 'Go to My account → Security to change it.'],
    },
  ],
};
