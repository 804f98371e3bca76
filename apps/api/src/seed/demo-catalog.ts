// The demo catalog of Pixel Harbor 像素港, seeded into an empty database outside production
// (see seed-demo.ts). Every game, platform and brand here is fictional. Records are inserted in
// array order, so the n-th goods or zone gets id n: swiper links below rely on that.

import type { DemoCatalog, DemoFaceValue, DemoSku, Text } from './demo-catalog.types.ts';

const t = (zh: string, en: string): Text => ({ zh, en });

/** Paragraphs separated by a blank line. */
const paras = (...lines: string[]): string => lines.join('\n\n');

/** Numbered steps, one per line. */
const steps = (...lines: string[]): string => lines.map((line, i) => `${i + 1}. ${line}`).join('\n');

/** A face value of a game currency, e.g. "680 星辉石" / "680 Starlight Gems". */
const coins =
  (zhUnit: string, enUnit: string) =>
  (face_value: number, price_cny: string, extra: Partial<DemoFaceValue> = {}): DemoFaceValue => ({
    face_value,
    label: t(`${face_value} ${zhUnit}`, `${face_value.toLocaleString('en-US')} ${enUnit}`),
    price_cny,
    ...extra,
  });

const sku = (
  zh: string,
  en: string,
  price_cny: string,
  stock: number,
  extra: Partial<DemoSku> = {},
): DemoSku => ({
  spec: t(zh, en),
  price_cny,
  stock,
  ...extra,
});

const img = (file: string) => `/images/goods/${file}.svg`;

/** Where a direct top-up's player id is found in the game (shown on the goods page, decision 033). */
const playerHint = {
  zh: '打开游戏，点左上角的头像进入「个人信息」，头像下方「ID」后的一串字母和数字就是玩家 ID，点旁边的复制按钮即可复制。区服显示在同一页的右上角。',
  en: 'In the game, tap your avatar at the top left to open your profile. Your player ID is the string after “ID” under the avatar; tap the copy button next to it. Your server is shown at the top right of the same page.',
  image: '/images/hints/player-id.svg',
};

const topupSteps: Text = {
  zh: steps(
    '在游戏内打开个人信息页，复制你的角色ID（或UID）。',
    '在本页选择面值和所在服务器，粘贴角色ID，仔细核对后下单。',
    '支付成功后系统自动充值，通常10秒至3分钟到账，请在游戏内或游戏邮箱中查收。',
    '超过30分钟仍未到账，请在“我的订单”中联系客服并提供订单号；充值失败的订单会自动退回余额。',
  ),
  en: steps(
    'Open your profile in the game and copy your character ID (or UID).',
    'Choose an amount and your server on this page, paste the ID, double-check it and place the order.',
    'Once you pay, the top-up runs automatically, usually within 10 seconds to 3 minutes. Check the game or your in-game mail.',
    'Still nothing after 30 minutes? Contact support from My Orders with your order number. A failed top-up is refunded to your balance automatically.',
  ),
};

export const demoCatalog: DemoCatalog = {
  categories: [
    { key: 'mobile', name: t('手游充值', 'Mobile games'), icon: '/images/categories/mobile.svg' },
    { key: 'mobile-rpg', parent: 'mobile', name: t('角色扮演', 'RPG'), icon: '/images/categories/rpg.svg' },
    {
      key: 'mobile-moba',
      parent: 'mobile',
      name: t('竞技对战', 'MOBA'),
      icon: '/images/categories/moba.svg',
    },
    {
      key: 'mobile-idle',
      parent: 'mobile',
      name: t('休闲放置', 'Casual & idle'),
      icon: '/images/categories/idle.svg',
    },
    { key: 'pc', name: t('端游充值', 'PC games'), icon: '/images/categories/pc.svg' },
    {
      key: 'pc-shooter',
      parent: 'pc',
      name: t('射击竞技', 'Shooters'),
      icon: '/images/categories/shooter.svg',
    },
    { key: 'pc-mmo', parent: 'pc', name: t('大型网游', 'MMORPG'), icon: '/images/categories/mmo.svg' },
    { key: 'gift-cards', name: t('点卡/礼品卡', 'Gift cards'), icon: '/images/categories/gift-cards.svg' },
    {
      key: 'gift-wallet',
      parent: 'gift-cards',
      name: t('平台钱包卡', 'Wallet cards'),
      icon: '/images/categories/wallet.svg',
    },
    {
      key: 'gift-game',
      parent: 'gift-cards',
      name: t('游戏点卡', 'Game time & passes'),
      icon: '/images/categories/game-card.svg',
    },
    { key: 'membership', name: t('会员订阅', 'Memberships'), icon: '/images/categories/membership.svg' },
    { key: 'merch', name: t('周边商品', 'Merchandise'), icon: '/images/categories/merch.svg' },
  ],

  goods: [
    // 1
    {
      key: 'starbound',
      category: 'mobile-rpg',
      name: t('星穹旅人 · 星辉石', 'Starbound Voyager · Starlight Gems'),
      subtitle: t(
        '官方直充，最快10秒到账，四个服务器全支持',
        'Official direct top-up, credited in seconds on all four servers',
      ),
      description: {
        zh: paras(
          '《星穹旅人》是一款开放星域题材的角色扮演手游。你将驾驶自己的飞船穿越星门、招募性格各异的伙伴，在上百颗星球之间写下属于自己的航线。',
          '星辉石是游戏内的高级货币，可用于“星图召唤”、购买月度补给和兑换限定外观。每个档位首次购买可额外获得等量赠送。',
          '本商品为直充到账，全程无需提供账号密码，只需填写角色ID并选择服务器。',
        ),
        en: paras(
          'Starbound Voyager is an open-galaxy RPG for mobile. Pilot your own ship through the star gates, recruit a crew of very different characters and chart your own route across hundreds of worlds.',
          'Starlight Gems are the premium currency, used for Star Chart summons, monthly supply packs and limited outfits. The first purchase of each tier comes with the same amount again as a bonus.',
          'This is a direct top-up: we never ask for your password, only your character ID and server.',
        ),
      },
      instructions: topupSteps,
      image: img('starbound'),
      recharge_type: 2,
      player_hint: playerHint,
      sales: 36420,
      face_values: [
        coins('星辉石', 'Starlight Gems')(60, '6.00', { price_usd: '0.99' }),
        coins('星辉石', 'Starlight Gems')(300, '30.00', { price_usd: '4.99' }),
        coins('星辉石', 'Starlight Gems')(680, '68.00', { price_usd: '9.99' }),
        coins('星辉石', 'Starlight Gems')(1280, '128.00', { price_usd: '19.99' }),
        coins('星辉石', 'Starlight Gems')(3280, '328.00', { price_usd: '49.99' }),
        coins('星辉石', 'Starlight Gems')(6480, '648.00', { price_usd: '99.99' }),
      ],
      servers: [
        t('官服', 'Official'),
        t('渠道服', 'Partner server'),
        t('国际服 · 亚洲', 'Global · Asia'),
        t('国际服 · 欧美', 'Global · Americas & Europe'),
      ],
    },
    // 2
    {
      key: 'tidebound',
      category: 'mobile-rpg',
      name: t('潮汐纪元 · 潮汐贝', 'Tidebound · Tide Pearls'),
      subtitle: t('全服公测首周，680档及以上95折', 'Launch week: 5% off every tier from 680 up'),
      description: {
        zh: paras(
          '《潮汐纪元》是一款海洋题材的卡牌策略RPG。海平面上涨后的世界里，你要组建舰队、收集“潮灵”卡牌，在涨落之间夺回失落的群岛。',
          '潮汐贝用于招募潮灵、购买成长基金和兑换舰船涂装。公测首周，680潮汐贝及以上档位享受95折。',
          '支持官服、渠道服和国际服，充值直达角色，无需登录账号。',
        ),
        en: paras(
          'Tidebound is a strategy card RPG set on a drowned world. Build a fleet, collect Tide Spirit cards and win back the lost islands as the sea rises and falls.',
          'Tide Pearls recruit Tide Spirits, buy growth funds and unlock ship skins. During launch week every tier from 680 pearls up is 5% off.',
          'Available for the official, partner and global servers. Pearls go straight to your character, no login needed.',
        ),
      },
      instructions: topupSteps,
      image: img('tidebound'),
      recharge_type: 2,
      player_hint: playerHint,
      sales: 3460,
      face_values: [
        coins('潮汐贝', 'Tide Pearls')(60, '6.00'),
        coins('潮汐贝', 'Tide Pearls')(300, '30.00'),
        coins('潮汐贝', 'Tide Pearls')(680, '64.60', { original_cny: '68.00' }),
        coins('潮汐贝', 'Tide Pearls')(1280, '121.60', { original_cny: '128.00' }),
        coins('潮汐贝', 'Tide Pearls')(3280, '311.60', { original_cny: '328.00' }),
        coins('潮汐贝', 'Tide Pearls')(6480, '615.60', { original_cny: '648.00' }),
      ],
      servers: [t('官服', 'Official'), t('渠道服', 'Partner server'), t('国际服', 'Global')],
    },
    // 3
    {
      key: 'crown-rift',
      category: 'mobile-moba',
      name: t('王冠裂谷 · 晶钻', 'Crown Rift · Rift Crystals'),
      subtitle: t('5V5 公平竞技，大额档位限时立减', '5v5 on the go, with limited-time savings on big tiers'),
      description: {
        zh: paras(
          '《王冠裂谷》是一款5V5移动竞技游戏，一局15分钟，上百位英雄、三条分路，靠操作和配合赢下比赛。',
          '晶钻可用于购买英雄、皮肤和赛季战令，不影响对局数值平衡。1280档及以上限时立减，活动结束时间以页面为准。',
          '请确认选择的大区与游戏内一致，不同大区的账号数据不互通。',
        ),
        en: paras(
          'Crown Rift is a 5v5 mobile MOBA: fifteen-minute matches, over a hundred heroes, three lanes, and wins that come down to skill and teamwork.',
          'Rift Crystals buy heroes, skins and the season battle pass. Nothing you buy changes match balance. Tiers from 1,280 up are discounted for a limited time.',
          'Make sure you pick the same region as in the game: accounts are not shared between regions.',
        ),
      },
      instructions: topupSteps,
      image: img('crown-rift'),
      recharge_type: 2,
      player_hint: playerHint,
      sales: 58230,
      face_values: [
        coins('晶钻', 'Rift Crystals')(60, '6.00'),
        coins('晶钻', 'Rift Crystals')(300, '30.00'),
        coins('晶钻', 'Rift Crystals')(680, '68.00'),
        coins('晶钻', 'Rift Crystals')(1280, '125.00', { original_cny: '128.00' }),
        coins('晶钻', 'Rift Crystals')(3280, '319.00', { original_cny: '328.00' }),
        coins('晶钻', 'Rift Crystals')(6480, '629.00', { original_cny: '648.00' }),
      ],
      servers: [
        t('晨曦大区', 'Dawn region'),
        t('烈焰大区', 'Blaze region'),
        t('苍穹大区', 'Azure region'),
        t('国际服', 'Global'),
      ],
    },
    // 4
    {
      key: 'mushroom-town',
      category: 'mobile-idle',
      name: t('蘑菇小镇 · 金橡果', 'Mushroom Town · Golden Acorns'),
      subtitle: t('放置经营小游戏，离线也能收菜', 'A cosy idle town that keeps growing while you are away'),
      description: {
        zh: paras(
          '《蘑菇小镇》是一款治愈系放置经营游戏。种蘑菇、开小店、招待森林里的住客，离线时小镇也在慢慢长大。',
          '金橡果可以加速建造、解锁新住客和购买装饰。980档附赠“橡果存钱罐”，每天登录可额外领取。',
        ),
        en: paras(
          'Mushroom Town is a cosy idle builder. Grow mushrooms, open little shops and welcome the forest folk; the town keeps growing even when you are offline.',
          'Golden Acorns speed up building, unlock new residents and buy decorations. The 980 tier includes the Acorn Piggy Bank, which pays out a little extra every day you log in.',
        ),
      },
      instructions: topupSteps,
      image: img('mushroom-town'),
      recharge_type: 2,
      player_hint: playerHint,
      sales: 12640,
      face_values: [
        coins('金橡果', 'Golden Acorns')(60, '6.00'),
        coins('金橡果', 'Golden Acorns')(300, '30.00'),
        coins('金橡果', 'Golden Acorns')(980, '98.00'),
        coins('金橡果', 'Golden Acorns')(1980, '198.00'),
        coins('金橡果', 'Golden Acorns')(3280, '328.00'),
        coins('金橡果', 'Golden Acorns')(6480, '648.00'),
      ],
      servers: [t('官服', 'Official'), t('渠道服', 'Partner server'), t('国际服', 'Global')],
    },
    // 5
    {
      key: 'neon-strike',
      category: 'pc-shooter',
      name: t('霓虹突击 · NP点数', 'Neon Strike · NP Credits'),
      subtitle: t('5V5 战术射击，按大区直充', '5v5 tactical shooter, topped up by region'),
      description: {
        zh: paras(
          '《霓虹突击》是一款PC端5V5战术射击游戏。攻守双方围绕炸弹点展开对抗，每位特工都有独特技能，枪法和战术同样重要。',
          'NP点数用于购买武器皮肤、特工和赛季通行证。点数充值到游戏账号，不同大区之间不互通。',
          '如需购买赛季通行证兑换码，请查看“霓虹突击 赛季通行证”商品。',
        ),
        en: paras(
          'Neon Strike is a 5v5 tactical shooter for PC. Attackers and defenders fight over bomb sites, and every agent has their own abilities, so aim and tactics matter just as much.',
          'NP Credits buy weapon skins, agents and the season pass. They are added to your game account and are not shared between regions.',
          'Looking for a season pass code instead? See the Neon Strike Season Pass listing.',
        ),
      },
      instructions: {
        zh: steps(
          '在游戏客户端右上角点击头像，复制“玩家编号”（名称#编号 格式中的完整内容）。',
          '选择NP点数面值与所在大区，粘贴玩家编号后下单。',
          '支付成功后自动充值，一般1–5分钟到账，重新打开商城即可看到余额。',
          '充值失败的订单会自动退回像素港余额，无需申请。',
        ),
        en: steps(
          'In the game client, click your avatar in the top-right corner and copy your full player tag (name#tag).',
          'Choose an amount of NP Credits and your region, paste the tag and place the order.',
          'After payment the credits are added automatically, usually within 1–5 minutes. Reopen the in-game store to see them.',
          'If a top-up fails, the money goes back to your Pixel Harbor balance automatically.',
        ),
      },
      image: img('neon-strike'),
      recharge_type: 2,
      player_hint: playerHint,
      sales: 21380,
      face_values: [
        coins('NP点数', 'NP Credits')(100, '10.00'),
        coins('NP点数', 'NP Credits')(500, '50.00'),
        coins('NP点数', 'NP Credits')(1000, '100.00'),
        coins('NP点数', 'NP Credits')(2000, '200.00'),
        coins('NP点数', 'NP Credits')(5000, '500.00'),
      ],
      servers: [
        t('华东一区', 'East China 1'),
        t('华南一区', 'South China 1'),
        t('华北一区', 'North China 1'),
        t('西南一区', 'Southwest China 1'),
        t('亚太服', 'Asia-Pacific'),
      ],
    },
    // 6
    {
      key: 'evernight',
      category: 'pc-mmo',
      name: t('永夜之境 · 月晶', 'Evernight Realms · Moon Shards'),
      subtitle: t('东方奇幻网游，六大服务器直充', 'Eastern fantasy MMORPG, direct top-up on six servers'),
      description: {
        zh: paras(
          '《永夜之境》是一款东方奇幻题材的大型多人在线角色扮演游戏。在永不天明的大陆上，和上千名玩家一起攻城、下副本、经营帮派。',
          '月晶是商城货币，可购买坐骑、时装和便利道具，也可在交易行与其他玩家交易。10元 = 100月晶。',
          '新服“星火”已开放，新角色充值享有额外成长礼包（游戏内领取）。',
        ),
        en: paras(
          'Evernight Realms is an Eastern fantasy MMORPG. On a continent where the sun never rises, join thousands of players in sieges, dungeons and guilds.',
          'Moon Shards are the shop currency for mounts, outfits and convenience items, and can be traded with other players at the auction house. ¥10 buys 100 Moon Shards.',
          'The new Starfire server is open, and new characters get an extra growth pack in game with their first top-up.',
        ),
      },
      instructions: topupSteps,
      image: img('evernight'),
      recharge_type: 2,
      player_hint: playerHint,
      sales: 8905,
      face_values: [
        coins('月晶', 'Moon Shards')(100, '10.00'),
        coins('月晶', 'Moon Shards')(500, '50.00'),
        coins('月晶', 'Moon Shards')(1000, '100.00'),
        coins('月晶', 'Moon Shards')(3000, '300.00'),
        coins('月晶', 'Moon Shards')(5000, '500.00'),
        coins('月晶', 'Moon Shards')(10000, '1000.00'),
      ],
      servers: [
        t('龙渊', 'Dragon Abyss'),
        t('青鸾', 'Azure Phoenix'),
        t('白泽', 'Baize'),
        t('玄武', 'Black Tortoise'),
        t('新服 · 星火', 'New: Starfire'),
        t('国际服', 'Global'),
      ],
    },
    // 7
    {
      key: 'arcway-wallet',
      category: 'gift-wallet',
      name: t('方舟平台钱包充值卡', 'Arcway Wallet Gift Card'),
      subtitle: t('面值98折，卡密即买即发', '2% off face value, code delivered instantly'),
      description: {
        zh: paras(
          '方舟（Arcway）是热门的PC游戏发行平台。钱包充值卡可为方舟账户充值余额，用来购买游戏、DLC和创意工坊内容。',
          '本卡为中国区人民币面值，仅可兑换到中国区账户。卡密付款后自动发放，可在订单详情中查看和复制。',
          '礼品卡一经兑换不可撤销，请确认账户地区后再购买。',
        ),
        en: paras(
          'Arcway is a popular PC games platform. A wallet card adds funds to your Arcway account for games, DLC and workshop content.',
          'These cards are in Chinese yuan and can only be redeemed on China-region accounts. The code is issued as soon as you pay; view and copy it in the order details.',
          'Redeemed cards cannot be reversed, so please check your account region before you buy.',
        ),
      },
      instructions: {
        zh: steps(
          '付款后进入“我的订单”→订单详情，复制卡密。',
          '打开方舟客户端，点击右上角头像 →“账户详情”→“兑换钱包充值码”。',
          '粘贴卡密并确认，余额即时到账。',
          '如提示“卡密无效”，请截图并在24小时内联系客服。',
        ),
        en: steps(
          'After paying, open My Orders → order details and copy your code.',
          'In the Arcway client, click your avatar (top right) → Account details → Redeem a wallet code.',
          'Paste the code and confirm. The funds appear immediately.',
          'If the code is reported as invalid, take a screenshot and contact support within 24 hours.',
        ),
      },
      image: img('arcway-wallet'),
      recharge_type: 1,
      sales: 15720,
      face_values: [
        {
          face_value: 50,
          label: t('¥50 面值', '¥50 card'),
          price_cny: '49.00',
          original_cny: '50.00',
          stock: 320,
        },
        {
          face_value: 100,
          label: t('¥100 面值', '¥100 card'),
          price_cny: '98.00',
          original_cny: '100.00',
          stock: 500,
        },
        {
          face_value: 200,
          label: t('¥200 面值', '¥200 card'),
          price_cny: '196.00',
          original_cny: '200.00',
          stock: 180,
        },
        {
          face_value: 500,
          label: t('¥500 面值', '¥500 card'),
          price_cny: '490.00',
          original_cny: '500.00',
          stock: 60,
        },
      ],
    },
    // 8
    {
      key: 'playnest-card',
      category: 'gift-wallet',
      name: t('游乐巢礼品卡', 'PlayNest Gift Card'),
      subtitle: t(
        '主机与掌机商店通用，500元面值仅剩少量',
        'For the console and handheld store; only a few ¥500 cards left',
      ),
      description: {
        zh: paras(
          '游乐巢（PlayNest）是主机和掌机的官方数字商店。礼品卡可以为账户充值，用于购买游戏、追加内容和会员服务。',
          '卡密由授权渠道供货，付款后即时发放。500元面值库存有限，售完后补货时间不定。',
        ),
        en: paras(
          'PlayNest is the official digital store for its consoles and handhelds. Gift cards add funds to your account for games, add-ons and membership.',
          'Codes come from authorised distributors and are issued the moment you pay. The ¥500 card is in short supply and restocks are irregular.',
        ),
      },
      instructions: {
        zh: steps(
          '在“我的订单”中打开订单详情，复制16位卡密。',
          '在主机上进入“游乐巢商店”→“兑换代码”，或在官网登录账户后兑换。',
          '输入卡密并确认，余额会立即显示在账户中。',
        ),
        en: steps(
          'Open the order in My Orders and copy the 16-character code.',
          'On your console, go to PlayNest Store → Redeem code, or redeem it on the website after signing in.',
          'Enter the code and confirm. The funds show up in your account straight away.',
        ),
      },
      image: img('playnest-card'),
      recharge_type: 1,
      sales: 4310,
      skus: [
        sku('¥100 面值', '¥100 card', '100.00', 240),
        sku('¥200 面值', '¥200 card', '199.00', 95),
        sku('¥500 面值', '¥500 card', '495.00', 3),
      ],
    },
    // 9
    {
      key: 'evernight-time',
      category: 'gift-game',
      name: t('永夜之境 游戏时长卡', 'Evernight Realms Game Time Card'),
      subtitle: t(
        '月卡、季卡、半年卡，长买更划算',
        'Monthly, quarterly or half-year time: the longer, the cheaper',
      ),
      description: {
        zh: paras(
          '《永夜之境》采用时长收费模式，时长卡可为账号增加游戏时间，与月晶充值互不影响。',
          '90天和180天时长卡限时优惠，适合长期游玩的玩家。时长卡兑换后立即生效，可叠加使用。',
        ),
        en: paras(
          'Evernight Realms runs on play time. A time card adds days to your account and is separate from Moon Shard top-ups.',
          'The 90-day and 180-day cards are discounted for a limited time, ideal if you are settling in for the long haul. Time starts the moment you redeem, and cards stack.',
        ),
      },
      instructions: {
        zh: steps(
          '付款后在订单详情中复制卡号和密码。',
          '登录永夜之境官网的“账号中心”，选择“时长卡充值”。',
          '输入卡号和密码，选择要充值的账号，确认后立即到账。',
        ),
        en: steps(
          'After paying, copy the card number and PIN from the order details.',
          'Sign in to the Account Centre on the Evernight Realms website and choose Add game time.',
          'Enter the number and PIN, pick the account and confirm. The time is added immediately.',
        ),
      },
      image: img('evernight-time'),
      recharge_type: 1,
      sales: 6540,
      skus: [
        sku('30天时长卡', '30-day card', '30.00', 460),
        sku('90天时长卡', '90-day card', '85.00', 210, { original_cny: '90.00' }),
        sku('180天时长卡', '180-day card', '160.00', 75, { original_cny: '180.00' }),
      ],
    },
    // 10
    {
      key: 'neon-pass',
      category: 'gift-game',
      name: t('霓虹突击 S7 赛季通行证', 'Neon Strike Season 7 Pass'),
      subtitle: t(
        '新赛季“霓虹都市”兑换码，含豪华版',
        'Codes for the new "Neon City" season, deluxe included',
      ),
      description: {
        zh: paras(
          '第七赛季“霓虹都市”上线，新增地图“码头区”、新特工“Volt”以及全新赛季通行证。',
          '标准版解锁100级通行证奖励轨道；豪华版额外赠送25级跳级、限定枪械挂件和专属名片。',
          '本商品为兑换码，适合送给朋友，也可以兑换到自己的账号。',
        ),
        en: paras(
          'Season 7, "Neon City", brings a new map (The Docks), a new agent called Volt and a brand-new season pass.',
          'The standard pass unlocks the 100-level reward track. The deluxe pass adds 25 instant level skips, a limited weapon charm and an exclusive player card.',
          'You get a redeem code, so it makes a good gift, or you can redeem it on your own account.',
        ),
      },
      instructions: {
        zh: steps(
          '付款后在订单详情中复制兑换码。',
          '在游戏主界面点击“商城”→“兑换码”，粘贴并确认。',
          '通行证立即解锁，已获得的赛季经验会自动结算奖励。',
        ),
        en: steps(
          'After paying, copy the code from the order details.',
          'On the main screen, go to Store → Redeem code, paste it and confirm.',
          'The pass unlocks right away, and rewards for any season XP you already earned are granted automatically.',
        ),
      },
      image: img('neon-pass'),
      recharge_type: 1,
      sales: 1980,
      skus: [
        sku('标准通行证', 'Standard pass', '68.00', 350),
        sku('豪华通行证（含25级跳级）', 'Deluxe pass (25 level skips)', '128.00', 120),
      ],
    },
    // 11
    {
      key: 'tidewave-music',
      category: 'membership',
      name: t('声浪音乐 会员', 'Tidewave Music Premium'),
      subtitle: t(
        '无损音质与离线下载，年卡折合每月仅12元',
        'Lossless audio and offline downloads, just ¥12 a month on the yearly plan',
      ),
      description: {
        zh: paras(
          '声浪音乐是一款音乐流媒体应用，拥有数千万首正版曲库。会员可畅听全部曲目、下载离线播放，并开启无损音质和空间音频。',
          '兑换码可叠加，到期后自动按新时长延续，不会自动续费。',
        ),
        en: paras(
          'Tidewave is a music streaming app with tens of millions of licensed tracks. Premium unlocks the full catalogue, offline downloads, lossless audio and spatial sound.',
          'Codes stack: each one extends your membership from its current end date. Nothing renews automatically.',
        ),
      },
      instructions: {
        zh: steps(
          '付款后在订单详情中复制会员兑换码。',
          '打开声浪音乐App，进入“我的”→“会员中心”→“兑换码”。',
          '粘贴兑换码并确认，会员权益立即生效。',
        ),
        en: steps(
          'After paying, copy the membership code from the order details.',
          'In the Tidewave app, go to Me → Premium → Redeem code.',
          'Paste the code and confirm. Premium starts right away.',
        ),
      },
      image: img('tidewave-music'),
      recharge_type: 1,
      sales: 9860,
      skus: [
        sku('1个月', '1 month', '15.00', 500, { price_usd: '2.49' }),
        sku('3个月', '3 months', '40.00', 300, { price_usd: '6.49' }),
        sku('12个月', '12 months', '144.00', 150, { price_usd: '21.99', original_cny: '180.00' }),
      ],
    },
    // 12
    {
      key: 'lumen-video',
      category: 'membership',
      name: t('映像+ 视频会员', 'Lumen+ Video Membership'),
      subtitle: t('4K 影视剧集免广告，年卡已售罄', 'Ad-free films and series in 4K; yearly plan sold out'),
      description: {
        zh: paras(
          '映像+是一个影视和综艺视频平台。会员可免广告观看全部内容、抢先看热门剧集，并支持4K画质和两台设备同时播放。',
          '年卡因活动火爆已售罄，我们正在补货，可先购买月卡或季卡，兑换码可叠加使用。',
        ),
        en: paras(
          'Lumen+ streams films, series and variety shows. Members watch everything without ads, see hit series early, and get 4K playback on two screens at once.',
          'The yearly plan sold out during the promotion and more is on the way. In the meantime, monthly and quarterly codes stack just as well.',
        ),
      },
      instructions: {
        zh: steps(
          '付款后在订单详情中复制兑换码。',
          '在映像+App中进入“我的”→“兑换中心”，或在网页版右上角点击“兑换”。',
          '粘贴兑换码并确认，会员时长即时到账。',
        ),
        en: steps(
          'After paying, copy the code from the order details.',
          'In the Lumen+ app, go to Me → Redeem, or click Redeem at the top right on the website.',
          'Paste the code and confirm. Your membership time is added instantly.',
        ),
      },
      image: img('lumen-video'),
      recharge_type: 1,
      sales: 7430,
      skus: [
        sku('月卡', 'Monthly', '25.00', 260),
        sku('季卡', 'Quarterly', '68.00', 140, { original_cny: '75.00' }),
        sku('年卡', 'Yearly', '218.00', 0, { original_cny: '258.00' }),
      ],
    },
    // 13
    {
      key: 'aila-figure',
      category: 'merch',
      name: t('星穹旅人 领航员艾拉 1/7 手办', 'Starbound Voyager: Navigator Aila 1/7 Figure'),
      subtitle: t(
        '官方授权，限定版附发光星图底座',
        'Officially licensed; the limited edition has a light-up star-map base',
      ),
      description: {
        zh: paras(
          '《星穹旅人》人气角色“领航员艾拉”1/7比例PVC手办，高约24厘米。飘动的披风、手中的星盘和靴子上的磨损都经过细致涂装。',
          '限定版附赠可发光的星图底座（USB供电）和限定特典明信片，数量有限，售完即止。',
          '商品为现货，付款后48小时内从上海仓发货，全国包邮（港澳台及海外除外）。',
        ),
        en: paras(
          'A 1/7 scale PVC figure of Navigator Aila, the fan favourite from Starbound Voyager, about 24 cm tall. Her flowing cape, star astrolabe and the scuffs on her boots are all carefully painted.',
          'The limited edition adds a USB-powered light-up star-map base and an exclusive postcard. Once they are gone, they are gone.',
          'In stock: ships from our Shanghai warehouse within 48 hours of payment, with free delivery in mainland China.',
        ),
      },
      instructions: {
        zh: steps(
          '下单时填写收货地址和手机号，付款后不可修改地址，如需修改请尽快联系客服。',
          '付款后48小时内发货，快递单号会显示在订单详情中。',
          '一般3–5天送达，签收前请检查外箱，如有破损可拒收。',
          '未拆封商品支持7天无理由退货。',
        ),
        en: steps(
          'Enter your delivery address and phone number when ordering. To change the address after paying, contact support as soon as possible.',
          'We ship within 48 hours of payment; the tracking number appears in the order details.',
          'Delivery usually takes 3–5 days. Check the outer box before signing, and refuse it if it is damaged.',
          'Unopened items can be returned within 7 days, no questions asked.',
        ),
      },
      image: img('aila-figure'),
      recharge_type: 3,
      ships: true,
      sales: 128,
      skus: [
        sku('标准版', 'Standard edition', '459.00', 40),
        sku('限定版（附发光底座）', 'Limited edition (light-up base)', '599.00', 8),
      ],
    },
    // 14
    {
      key: 'harbor-hoodie',
      category: 'merch',
      name: t('像素港 经典连帽卫衣', 'Pixel Harbor Classic Hoodie'),
      subtitle: t(
        '380g 重磅纯棉，像素灯塔刺绣',
        'Heavyweight 380 g cotton with an embroidered pixel lighthouse',
      ),
      description: {
        zh: paras(
          '像素港自家出品的连帽卫衣，380g重磅纯棉毛圈面料，微落肩宽松版型，胸前是像素风灯塔刺绣。',
          '燕麦色和炭黑色两款，M–XL三个尺码。建议按平时尺码选择，喜欢更宽松可以大一码。',
        ),
        en: paras(
          'Our own hoodie: heavyweight 380 g cotton French terry, a relaxed dropped-shoulder fit and an embroidered pixel-art lighthouse on the chest.',
          'Available in oatmeal and charcoal, sizes M to XL. Take your usual size, or size up for a roomier fit.',
        ),
      },
      instructions: {
        zh: steps(
          '选择颜色和尺码，填写收货地址后付款。',
          '付款后48小时内发货，一般3–5天送达。',
          '尺码不合适可在签收后7天内申请换货（吊牌完好、未洗涤）。',
        ),
        en: steps(
          'Pick a colour and size, enter your delivery address and pay.',
          'We ship within 48 hours; delivery usually takes 3–5 days.',
          'Wrong size? Ask for an exchange within 7 days of delivery (tags on, unwashed).',
        ),
      },
      image: img('harbor-hoodie'),
      recharge_type: 3,
      ships: true,
      sales: 1140,
      skus: [
        sku('燕麦色 / M', 'Oatmeal / M', '199.00', 48, { price_usd: '29.99', original_cny: '239.00' }),
        sku('燕麦色 / L', 'Oatmeal / L', '199.00', 60, { price_usd: '29.99', original_cny: '239.00' }),
        sku('燕麦色 / XL', 'Oatmeal / XL', '199.00', 32, { price_usd: '29.99', original_cny: '239.00' }),
        sku('炭黑色 / M', 'Charcoal / M', '199.00', 36, { price_usd: '29.99', original_cny: '239.00' }),
        sku('炭黑色 / L', 'Charcoal / L', '199.00', 52, { price_usd: '29.99', original_cny: '239.00' }),
        sku('炭黑色 / XL', 'Charcoal / XL', '199.00', 20, { price_usd: '29.99', original_cny: '239.00' }),
      ],
    },
    // 15
    {
      key: 'neon-mousepad',
      category: 'merch',
      name: t('霓虹突击 超大电竞鼠标垫', 'Neon Strike XL Gaming Mouse Pad'),
      subtitle: t('900×400mm 全桌面覆盖，精密锁边', '900 × 400 mm desk mat with stitched edges'),
      description: {
        zh: paras(
          '《霓虹突击》官方授权鼠标垫，900×400×4mm大尺寸，可同时放下键盘和鼠标。细面布料兼顾速度与控制，底部天然橡胶防滑。',
          '暗夜黑为低调纯色款；霓虹限定款印有S7赛季“霓虹都市”主视觉。',
        ),
        en: paras(
          'An officially licensed Neon Strike desk mat, 900 × 400 × 4 mm, big enough for your keyboard and mouse. The fine-weave cloth balances speed and control, on a non-slip natural rubber base.',
          'Midnight Black is a plain, understated version; the Neon edition carries the key art of Season 7, "Neon City".',
        ),
      },
      instructions: {
        zh: steps(
          '选择款式并填写收货地址后付款。',
          '付款后48小时内发货，卷筒包装不折痕，一般3–5天送达。',
          '拆开后平铺一晚即可完全展平。',
        ),
        en: steps(
          'Choose a design, enter your delivery address and pay.',
          'We ship within 48 hours, rolled in a tube so it never creases; delivery usually takes 3–5 days.',
          'Lay it flat overnight after unboxing and it will be perfectly even.',
        ),
      },
      image: img('neon-mousepad'),
      recharge_type: 3,
      ships: true,
      sales: 2260,
      skus: [
        sku('暗夜黑', 'Midnight Black', '89.00', 150),
        sku('霓虹限定款', 'Neon edition', '109.00', 64, { original_cny: '129.00' }),
      ],
    },
    // 16
    {
      key: 'mushroom-plush',
      category: 'merch',
      name: t('蘑菇小镇 毛绒挂件', 'Mushroom Town Plush Keychain'),
      subtitle: t('软乎乎的菇菇，挂在包上刚刚好', 'A squishy little mushroom for your bag'),
      description: {
        zh: paras(
          '《蘑菇小镇》里的小镇居民“菇菇”做成了毛绒挂件，高约10厘米，短毛绒面料，手感软糯。',
          '红帽和蓝帽两款，双只装可以凑成一对送朋友。附金属钥匙扣，可挂书包、钥匙或手机壳。',
        ),
        en: paras(
          'Mooshie, the friendliest resident of Mushroom Town, is now a 10 cm plush keychain in soft, short-pile fabric.',
          'Choose the red cap or the blue cap, or get the pair to share with a friend. Comes with a metal key ring for bags, keys or phone cases.',
        ),
      },
      instructions: {
        zh: steps(
          '选择款式并填写收货地址后付款。',
          '付款后48小时内发货，一般3–5天送达。',
          '未拆封商品支持7天无理由退货。',
        ),
        en: steps(
          'Choose a style, enter your delivery address and pay.',
          'We ship within 48 hours; delivery usually takes 3–5 days.',
          'Unopened items can be returned within 7 days, no questions asked.',
        ),
      },
      image: img('mushroom-plush'),
      recharge_type: 3,
      ships: true,
      sales: 1870,
      skus: [
        sku('红帽菇菇', 'Red cap', '39.00', 180),
        sku('蓝帽菇菇', 'Blue cap', '39.00', 96),
        sku('红蓝双只装', 'Red & blue pair', '69.00', 45),
      ],
    },
  ],

  zones: [
    // 1
    {
      key: 'new-releases',
      name: t('新游专区', 'New releases'),
      subtitle: t(
        '本月上线的新游与新品，首发优惠别错过',
        'New games and fresh arrivals this month, with launch offers',
      ),
      banner: '/images/zones/new-releases.svg',
      goods: ['tidebound', 'neon-pass', 'mushroom-town', 'aila-figure', 'mushroom-plush'],
    },
    // 2
    {
      key: 'deals',
      name: t('限时特惠', 'Deals'),
      subtitle: t('精选折扣，每周更新', 'Hand-picked discounts, refreshed every week'),
      banner: '/images/zones/deals.svg',
      goods: [
        'arcway-wallet',
        'crown-rift',
        'evernight-time',
        'lumen-video',
        'harbor-hoodie',
        'neon-mousepad',
      ],
    },
  ],

  articles: [
    // 1: footer "About us"
    {
      type: 'help',
      title: t('关于我们', 'About us'),
      summary: t(
        '像素港是一家专注游戏充值、礼品卡与游戏周边的线上商店。',
        'Pixel Harbor is an online store for game top-ups, gift cards and game merchandise.',
      ),
      content: {
        zh: paras(
          '像素港（Pixel Harbor）是一家面向玩家的线上商店，提供手游与端游直充、平台礼品卡、会员兑换码以及游戏周边。我们想把“充值”这件小事做得简单可靠：选好商品、付款，然后安心回到游戏里。',
          '我们与游戏发行方及授权渠道合作。直充订单由系统自动提交，卡密类商品在付款后即时发放，周边商品由上海仓库打包寄出。每一笔订单的进度都可以在“我的订单”中查看。',
          '客服团队每天 09:00–23:00（北京时间）在线。遇到任何问题，都可以在用户中心的“联系客服”提交工单，我们通常会在2小时内回复。',
          '说明：本站为演示站点，页面中出现的游戏、平台、品牌和商品均为虚构，仅用于展示商店的功能。',
        ),
        en: paras(
          'Pixel Harbor is an online store for players. We sell direct top-ups for mobile and PC games, platform gift cards, membership codes and game merchandise. Our goal is to make topping up a small, reliable thing: pick what you need, pay, and get back to your game.',
          'We work with publishers and authorised distributors. Direct top-ups are submitted automatically, card keys are issued the moment you pay, and merchandise is packed and shipped from our Shanghai warehouse. You can follow every order under My Orders.',
          'Our support team is online every day from 09:00 to 23:00 (UTC+8). If anything goes wrong, open a ticket from Contact support in your account; we usually reply within two hours.',
          'Note: this is a demo store. The games, platforms, brands and products shown here are fictional and only demonstrate how the store works.',
        ),
      },
    },
    // 2: footer "Help center"
    {
      type: 'help',
      title: t('帮助中心：如何购买、支付和收货', 'Help center: buying, paying and receiving'),
      summary: t(
        '从注册到收货的完整流程，第一次购买前花两分钟看一看。',
        'The whole journey from signing up to receiving your order. Worth two minutes before your first purchase.',
      ),
      content: {
        zh: paras(
          '欢迎来到像素港帮助中心。下面是从下单到收货的完整流程，第一次购买前花两分钟看一看，可以少走不少弯路。',
          '【注册与登录】点击页面右上角的“登录”，可以用邮箱或手机号注册。浏览商品无需登录，但加入购物车、下单和查看订单需要先登录。',
          '【选择商品】商品分为三类：卡密（付款后发放兑换码）、直充（直接充到你的游戏角色）和实物周边（快递寄送到你在结算时选择的收货地址，选好地址后才能付款）。在商品页选择规格或面值；直充商品还需要选择服务器并填写角色ID。',
          '【支付】支持余额、支付宝和微信支付，以结算页实际显示为准。订单创建后请在15分钟内完成支付，超时订单会自动取消并释放库存。中文页面以人民币标价，英文页面以美元标价。',
          '【收货】卡密在付款后立即发放，可在“我的订单”→订单详情中查看；直充一般几秒到几分钟到账，请在游戏内查收；周边商品在付款后48小时内发货，快递单号会显示在订单详情中。',
          '【需要帮助】在用户中心的“联系客服”提交工单，写明订单号和遇到的问题，我们会尽快处理。',
        ),
        en: paras(
          'Welcome to the Pixel Harbor help center. Here is the whole journey from placing an order to receiving it. Two minutes now can save you a lot of back and forth later.',
          'Signing up: click Log in at the top right and register with your email or phone number. You can browse without an account, but you need to log in to use the cart, place orders and see them.',
          'Choosing: there are three kinds of goods. Card keys give you a code after payment, direct top-ups go straight to your game character, and merchandise is shipped to the address you choose at checkout (an order of merchandise is paid once it has one). Pick an option or amount on the product page; for direct top-ups also choose a server and enter your character ID.',
          'Paying: you can pay with your balance, Alipay or WeChat Pay, as shown at checkout. Please pay within 15 minutes of placing the order; unpaid orders are cancelled automatically and the stock is released. Prices are shown in CNY on the Chinese site and in USD on the English site.',
          'Receiving: card keys are issued immediately after payment under My Orders → order details. Direct top-ups usually arrive within seconds or minutes; check in the game. Merchandise ships within 48 hours, and the tracking number appears in the order details.',
          'Need help? Open a ticket from Contact support in your account with your order number and a short description, and we will get back to you quickly.',
        ),
      },
    },
    // 3: footer "Terms of service"
    {
      type: 'help',
      title: t('用户协议', 'Terms of service'),
      summary: t(
        '使用像素港服务前请阅读本协议，下单即表示你同意以下条款。',
        'Please read these terms before using Pixel Harbor. Placing an order means you accept them.',
      ),
      content: {
        zh: paras(
          '欢迎使用像素港。本协议是你与像素港运营方之间关于使用本网站及相关服务的约定。注册账号或下单即表示你已阅读并同意本协议。',
          '一、账号。你应使用真实有效的邮箱或手机号注册，并妥善保管密码。通过你的账号进行的操作视为你本人的行为。如发现账号异常，请立即修改密码并联系客服。',
          '二、商品与价格。商品价格以下单时页面显示为准，订单创建后价格即被锁定。虚拟商品（卡密、直充、会员）由发行方或授权渠道提供，其使用规则以发行方的说明为准。',
          '三、订单与发货。订单需在15分钟内完成支付，否则自动取消。卡密付款后即时发放；直充提交至游戏发行方，到账时间受其系统影响；周边商品在付款后48小时内发货。',
          '四、退款。因我方原因导致的充值失败或卡密无效，将全额退款至账户余额。卡密一经查看或直充一经到账，原则上不支持无理由退款；未拆封的周边商品支持7天无理由退货。详见《退款与售后说明》。',
          '五、禁止行为。你不得利用本站从事洗钱、盗刷、倒卖被盗账号等违法活动，不得使用自动化程序批量下单。发现上述行为时，我们有权暂停账号并配合有关部门调查。',
          '六、协议变更。我们可能根据业务调整修改本协议，修改后会在本页面公布。如不同意修改内容，你可以停止使用本服务。',
        ),
        en: paras(
          'Welcome to Pixel Harbor. These terms are an agreement between you and the operator of Pixel Harbor about your use of this website and its services. By creating an account or placing an order you confirm that you have read and accept them.',
          '1. Your account. Register with a real email address or phone number and keep your password safe. Anything done through your account is treated as done by you. If you notice anything unusual, change your password and contact support right away.',
          '2. Goods and prices. The price is the one shown when you place the order, and it is locked once the order is created. Digital goods (card keys, direct top-ups, memberships) are supplied by publishers or authorised distributors, and their own terms of use apply.',
          '3. Orders and delivery. Orders must be paid within 15 minutes or they are cancelled. Card keys are issued immediately after payment; direct top-ups are passed to the publisher, so timing depends on their systems; merchandise ships within 48 hours of payment.',
          '4. Refunds. If a top-up fails or a card key is invalid because of us, you get a full refund to your balance. Once a card key has been viewed or a top-up has arrived, it generally cannot be refunded without a reason. Unopened merchandise can be returned within 7 days. See "Refunds and after-sales" for details.',
          '5. What is not allowed. Do not use Pixel Harbor for money laundering, fraudulent payments, reselling stolen accounts or any other illegal activity, and do not place orders with bots. If we find such activity, we may suspend the account and cooperate with the authorities.',
          '6. Changes. We may update these terms as the business changes and will publish the new version on this page. If you do not agree with a change, you may stop using the service.',
        ),
      },
    },
    // 4: footer "Privacy policy"
    {
      type: 'help',
      title: t('隐私政策', 'Privacy policy'),
      summary: t(
        '我们收集哪些信息、如何使用和保护它们，以及你拥有的权利。',
        'What we collect, how we use and protect it, and your rights.',
      ),
      content: {
        zh: paras(
          '我们重视你的隐私。本政策说明像素港在你使用服务时收集哪些个人信息、为什么收集，以及我们如何保护这些信息。',
          '我们收集的信息：注册时提供的邮箱或手机号；下单时填写的游戏角色ID、服务器和收货信息；订单与支付记录；以及为保障安全所需的登录日志（如IP地址和时间）。我们不会要求你提供游戏账号密码。',
          '信息的使用：仅用于完成订单（例如向游戏发行方提交充值、向快递公司提供收货地址）、处理售后、防范欺诈和改进服务。我们不会出售你的个人信息。',
          'Cookie与本地存储：我们在浏览器中保存登录凭证和语言偏好（语言Cookie有效期为365天），用于保持登录状态和显示你选择的语言，不用于广告追踪。',
          '信息安全：密码和登录凭证经过哈希处理后存储，卡密加密保存，只有订单所属用户可以查看。员工仅在处理你的工单时按需访问相关订单信息。',
          '你的权利：你可以在用户中心查看和修改个人资料，也可以通过“联系客服”申请导出或删除账号数据。法律要求保留的交易记录除外。',
        ),
        en: paras(
          'Your privacy matters to us. This policy explains what personal information Pixel Harbor collects when you use the service, why we collect it and how we protect it.',
          'What we collect: the email address or phone number you register with; the character ID, server and delivery details you enter when ordering; your order and payment history; and, for security, sign-in logs such as IP address and time. We never ask for your game account password.',
          'How we use it: only to fulfil your orders (for example, passing a top-up to the publisher or your address to the courier), to handle after-sales requests, to prevent fraud and to improve the service. We do not sell your personal information.',
          'Cookies and local storage: your browser keeps your sign-in token and your language choice (the language cookie lasts 365 days) so that you stay signed in and see the site in your language. We do not use them for ad tracking.',
          'Security: passwords and sign-in tokens are stored hashed, and card keys are encrypted; only the buyer can see the keys on their order. Staff look at order details only when handling your ticket.',
          'Your rights: you can view and update your profile in your account, and ask through Contact support for a copy of your data or for your account to be deleted, except for transaction records we are legally required to keep.',
        ),
      },
    },
    // 5
    {
      type: 'help',
      title: t('卡密如何发放与兑换', 'How card keys are delivered and redeemed'),
      summary: t(
        '礼品卡和会员兑换码在付款后自动发放，这里告诉你在哪里查看和怎么使用。',
        'Gift cards and membership codes are issued automatically after payment. Here is where to find them and how to use them.',
      ),
      content: {
        zh: paras(
          '卡密是礼品卡、点卡和会员兑换码的统称，通常是一串字母和数字（有时还带有密码）。像素港的卡密由授权渠道供货，提前入库并加密保存。',
          '你下单时，系统会为你预留对应数量的卡密；付款成功后，卡密立即发放到订单中。你可以在“我的订单”→订单详情中查看并一键复制。如果订单被取消，预留的卡密会自动释放给其他买家。',
          '每个卡密只会发给一个订单，不会出现“一卡多卖”。为保护你的权益，卡密只有下单本人在登录状态下才能查看，请不要把截图发给陌生人。',
          '兑换方法因平台而异，请参考商品页的“使用说明”。如兑换时提示卡密无效或已被使用，请在24小时内截图联系客服，我们核实后会为你更换或退款。',
        ),
        en: paras(
          'A card key is the code behind a gift card, game time card or membership voucher: usually a string of letters and numbers, sometimes with a PIN. Ours come from authorised distributors and are stored encrypted before they go on sale.',
          'When you place an order, the keys you need are reserved for you. As soon as your payment goes through they are delivered to the order, and you can view and copy them under My Orders → order details. If the order is cancelled, the reserved keys go back on sale.',
          'Each key is only ever given to one order, so a key is never sold twice. To protect you, only the buyer can see the keys, and only while signed in. Please do not share screenshots of them with strangers.',
          'How to redeem depends on the platform; see the instructions on the product page. If a key is rejected as invalid or already used, send us a screenshot within 24 hours and we will replace it or refund you after checking.',
        ),
      },
    },
    // 6
    {
      type: 'help',
      title: t('直充常见问题', 'Direct top-up FAQ'),
      summary: t(
        '角色ID在哪里找、多久到账、填错了怎么办？一次说清楚。',
        'Where to find your character ID, how long it takes, and what to do if you got it wrong.',
      ),
      content: {
        zh: paras(
          '问：什么是直充？答：直充是把游戏货币直接充到你的游戏角色上，不需要提供账号密码，也不需要自己兑换。你只需提供角色ID（或UID）并选择服务器。',
          '问：角色ID在哪里？答：大多数游戏在“个人信息”或“设置”页面可以找到，通常是一串数字，旁边有复制按钮。请注意区分角色ID和昵称。',
          '问：多久到账？答：一般10秒到3分钟。遇到游戏维护或活动高峰时可能延迟，最长不超过30分钟。到账后请在游戏内或游戏邮箱中查看。',
          '问：充值失败怎么办？答：如果发行方明确返回失败（例如角色不存在），订单款项会自动、且只退回一次到你的像素港余额，无需申请。',
          '问：填错了角色ID或服务器怎么办？答：如果填写的ID恰好属于其他玩家，充值一旦到账将无法追回，所以下单前请务必核对。发现填错时请立即联系客服，若订单仍在处理中，我们会尽力拦截。',
        ),
        en: paras(
          'Q: What is a direct top-up? A: We add the game currency straight to your character. You never share your password and there is nothing to redeem; we only need your character ID (or UID) and server.',
          'Q: Where do I find my character ID? A: In most games it is on the profile or settings screen, usually a number with a copy button next to it. Make sure you copy the ID, not your nickname.',
          'Q: How long does it take? A: Usually 10 seconds to 3 minutes. During maintenance or busy events it can take longer, but no more than 30 minutes. Look in the game or your in-game mail.',
          'Q: What if the top-up fails? A: If the publisher reports a definite failure (for example, the character does not exist), the amount is refunded to your Pixel Harbor balance automatically, exactly once. You do not need to ask.',
          'Q: I entered the wrong ID or server. A: If the ID belongs to another player, a completed top-up cannot be taken back, so please check before paying. Contact support immediately; if the order is still being processed we will do our best to stop it.',
        ),
      },
    },
    // 7
    {
      type: 'help',
      title: t('退款与售后说明', 'Refunds and after-sales'),
      summary: t(
        '哪些情况可以退款、退到哪里、多久到账。',
        'When you can get a refund, where it goes and how long it takes.',
      ),
      content: {
        zh: paras(
          '未付款订单：可以随时在“我的订单”中取消，15分钟未支付也会自动取消，不产生任何费用。',
          '直充与卡密：充值失败或卡密无效时，我们会全额退款到你的像素港余额，余额可用于购买站内任意商品。卡密一经查看、直充一经到账，原则上不支持无理由退款。',
          '取消后到账的付款：如果你在订单取消后才完成付款，这笔款项会自动退回到余额，不会丢失。',
          '周边商品：签收后7天内，未拆封商品可申请无理由退货，退货运费由买家承担；商品存在质量问题的，可申请换货或退款，运费由我们承担。',
          '如需退回原支付账户（支付宝或微信支付），请通过“联系客服”提交申请并注明订单号，审核通过后一般1–3个工作日原路退回。',
        ),
        en: paras(
          'Unpaid orders: cancel them any time under My Orders. Orders that are not paid within 15 minutes are cancelled automatically, at no cost.',
          'Top-ups and card keys: if a top-up fails or a key is invalid, we refund the full amount to your Pixel Harbor balance, which you can spend on anything in the store. Once a key has been viewed or a top-up has arrived, it generally cannot be refunded without a reason.',
          'Payments after cancellation: if your payment arrives after the order was cancelled, the money goes back to your balance automatically. Nothing is lost.',
          'Merchandise: unopened items can be returned within 7 days of delivery without giving a reason; the buyer pays return postage. For faulty items we offer an exchange or refund and cover the postage.',
          'If you would rather have the money back on Alipay or WeChat Pay, open a ticket from Contact support with your order number. Once approved, it usually arrives within 1–3 working days.',
        ),
      },
    },
    // 8
    {
      type: 'help',
      title: t('周边商品配送说明', 'Shipping for merchandise'),
      summary: t(
        '发货时间、快递、配送范围和签收注意事项。',
        'Dispatch times, couriers, where we deliver and what to check on arrival.',
      ),
      content: {
        zh: paras(
          '收货地址保存在“用户中心 → 收货地址”，最多20个，可设一个默认地址；也可以在结算页直接新增。含周边商品的订单会带上默认地址，结算时可更换为地址簿中的其他地址；选好收货地址后才能付款。',
          '下单时的地址会保存到订单上，之后修改地址簿不会影响已有订单。付款后如需修改地址，请尽快在订单详情中联系客服。',
          '周边商品从上海仓发货，付款后48小时内出库（法定节假日顺延），发货后订单详情会显示快递公司和单号。',
          '目前支持中国大陆地区配送，全场包邮；港澳台及海外地址暂不支持，收货人手机号须为中国大陆手机号。江浙沪一般1–2天送达，其他地区3–5天。',
          '收货时请当面检查外包装，手办等易碎商品如有明显破损可直接拒收，我们会为你重新发货。签收后发现问题，请在48小时内拍照联系客服。',
        ),
        en: paras(
          'Keep your delivery addresses under My account → Addresses (up to 20, one of them the default), or add one at checkout. An order with merchandise starts with your default address, and at checkout you can pick another one from your address book; the order can be paid once it has an address.',
          'The address is copied onto the order, so later changes to your address book do not affect it. To change the address after paying, contact support from the order details as soon as possible.',
          'Merchandise ships from our Shanghai warehouse within 48 hours of payment (public holidays excepted). Once it has shipped, the order details show the courier and tracking number.',
          'We currently deliver anywhere in mainland China, free of charge. Hong Kong, Macao, Taiwan and overseas addresses are not supported yet, and the recipient needs a mainland China mobile number. Jiangsu, Zhejiang and Shanghai usually take 1–2 days, other regions 3–5 days.',
          'Please check the parcel when it arrives. If fragile items such as figures arrive visibly damaged, refuse the delivery and we will send a new one. If you find a problem after signing, contact support with photos within 48 hours.',
        ),
      },
    },
    // 9
    {
      type: 'news',
      title: t(
        '《潮汐纪元》今日全服公测，首周充值95折',
        'Tidebound launches today, with 5% off top-ups all week',
      ),
      summary: t(
        '海洋题材卡牌RPG正式上线，像素港同步开放直充。',
        'The ocean-themed card RPG is live, and you can top up on Pixel Harbor from day one.',
      ),
      content: {
        zh: paras(
          '备受期待的海洋卡牌策略RPG《潮汐纪元》今天正式开启全服公测，官服、渠道服和国际服同步开放。',
          '像素港已上线《潮汐纪元》潮汐贝直充。公测首周，680潮汐贝及以上档位享受95折，充值直达角色，通常10秒内到账。',
          '新玩家小贴士：游戏前7天的签到奖励包含一名SSR潮灵，建议先完成主线第三章再决定首充档位。祝各位船长一路顺风！',
        ),
        en: paras(
          'Tidebound, the long-awaited ocean strategy card RPG, opens to everyone today on the official, partner and global servers at the same time.',
          'Tide Pearl top-ups are already live on Pixel Harbor. During launch week every tier from 680 pearls up is 5% off, and pearls land on your character, usually within 10 seconds.',
          'A tip for new captains: the first seven days of log-in rewards include an SSR Tide Spirit, so finish chapter three of the story before choosing your first top-up. Fair winds!',
        ),
      },
    },
    // 10
    {
      type: 'news',
      title: t('像素港上线英文版与美元标价', 'Pixel Harbor now in English, with prices in USD'),
      summary: t(
        '切换到英文即可按美元查看价格，海外玩家购买更方便。',
        'Switch to English to see prices in US dollars: easier shopping for players abroad.',
      ),
      content: {
        zh: paras(
          '为了方便海外玩家，像素港现已支持英文界面。点击页面顶部的语言切换即可在中文和英文之间切换，你的选择会被记住一年。',
          '切换到英文后，商品价格以美元显示。部分商品设有单独的美元价格，其余商品按当日汇率换算并四舍五入到分。下单时价格和汇率即被锁定，不会因之后的汇率变化而改变。',
          '商品名称、说明和帮助文章均已提供英文版本。如果你发现翻译不准确的地方，欢迎通过“联系客服”告诉我们。',
        ),
        en: paras(
          'To make life easier for players abroad, Pixel Harbor now has an English interface. Use the language switch at the top of the page to change between Chinese and English; we will remember your choice for a year.',
          'In English, prices are shown in US dollars. Some goods have their own USD price, and the rest are converted at the current rate and rounded to the cent. The price and rate are locked when you place an order, so later rate changes do not affect it.',
          'Product names, descriptions and help articles are all available in English. If something reads oddly, tell us through Contact support.',
        ),
      },
    },
  ],

  swipers: [
    {
      title: t('《潮汐纪元》全服公测', 'Tidebound is live'),
      subtitle: t(
        '公测首周，680档及以上95折，直充秒到账',
        'Launch week: 5% off top-ups from 680 pearls, credited in seconds',
      ),
      image: '/images/banners/tidebound-launch.svg',
      link: '/category/goods/2',
    },
    {
      title: t('限时特惠周', 'Deals week'),
      subtitle: t(
        '礼品卡、会员与周边限时折扣',
        'Limited-time discounts on gift cards, memberships and merch',
      ),
      image: '/images/banners/deals-week.svg',
      link: '/zone/2',
    },
    {
      title: t('领航员艾拉 1/7 手办 现货发售', 'Navigator Aila 1/7 figure, now in stock'),
      subtitle: t(
        '限定版附发光星图底座，数量有限',
        'The limited edition comes with a light-up star-map base, while stocks last',
      ),
      image: '/images/banners/aila-figure.svg',
      link: '/category/goods/13',
    },
  ],

  modules: [
    {
      title: t('热门充值', 'Top up now'),
      subtitle: t('玩家最常买的直充与礼品卡', 'The top-ups and cards players buy most'),
      style: 'grid',
      goods: [
        'crown-rift',
        'starbound',
        'neon-strike',
        'arcway-wallet',
        'mushroom-town',
        'tidewave-music',
        'evernight',
        'tidebound',
      ],
    },
    {
      title: t('新品上架', 'New arrivals'),
      subtitle: t('新游首发与新到周边', 'Launch-day games and fresh merch'),
      style: 'row',
      goods: ['tidebound', 'neon-pass', 'aila-figure', 'harbor-hoodie', 'mushroom-plush', 'neon-mousepad'],
    },
    {
      title: t('礼品卡', 'Gift cards'),
      subtitle: t('即买即发，送人自用两相宜', 'Delivered instantly, for you or as a gift'),
      style: 'grid',
      goods: ['arcway-wallet', 'playnest-card', 'lumen-video', 'evernight-time'],
    },
  ],

  regions: [
    {
      name: t('北京市', 'Beijing'),
      children: [
        {
          name: t('北京市', 'Beijing'),
          children: [
            { name: t('东城区', 'Dongcheng District') },
            { name: t('西城区', 'Xicheng District') },
            { name: t('朝阳区', 'Chaoyang District') },
            { name: t('海淀区', 'Haidian District') },
          ],
        },
      ],
    },
    {
      name: t('上海市', 'Shanghai'),
      children: [
        {
          name: t('上海市', 'Shanghai'),
          children: [
            { name: t('黄浦区', 'Huangpu District') },
            { name: t('徐汇区', 'Xuhui District') },
            { name: t('静安区', "Jing'an District") },
            { name: t('浦东新区', 'Pudong New Area') },
          ],
        },
      ],
    },
    {
      name: t('广东省', 'Guangdong'),
      children: [
        {
          name: t('广州市', 'Guangzhou'),
          children: [
            { name: t('天河区', 'Tianhe District') },
            { name: t('越秀区', 'Yuexiu District') },
            { name: t('海珠区', 'Haizhu District') },
            { name: t('番禺区', 'Panyu District') },
          ],
        },
        {
          name: t('深圳市', 'Shenzhen'),
          children: [
            { name: t('福田区', 'Futian District') },
            { name: t('南山区', 'Nanshan District') },
            { name: t('罗湖区', 'Luohu District') },
            { name: t('宝安区', "Bao'an District") },
          ],
        },
        {
          name: t('佛山市', 'Foshan'),
          children: [
            { name: t('禅城区', 'Chancheng District') },
            { name: t('南海区', 'Nanhai District') },
            { name: t('顺德区', 'Shunde District') },
          ],
        },
      ],
    },
    {
      name: t('浙江省', 'Zhejiang'),
      children: [
        {
          name: t('杭州市', 'Hangzhou'),
          children: [
            { name: t('上城区', 'Shangcheng District') },
            { name: t('拱墅区', 'Gongshu District') },
            { name: t('西湖区', 'Xihu District') },
            { name: t('滨江区', 'Binjiang District') },
          ],
        },
        {
          name: t('宁波市', 'Ningbo'),
          children: [
            { name: t('海曙区', 'Haishu District') },
            { name: t('江北区', 'Jiangbei District') },
            { name: t('鄞州区', 'Yinzhou District') },
          ],
        },
        {
          name: t('温州市', 'Wenzhou'),
          children: [
            { name: t('鹿城区', 'Lucheng District') },
            { name: t('龙湾区', 'Longwan District') },
            { name: t('瓯海区', 'Ouhai District') },
          ],
        },
      ],
    },
    {
      name: t('四川省', 'Sichuan'),
      children: [
        {
          name: t('成都市', 'Chengdu'),
          children: [
            { name: t('锦江区', 'Jinjiang District') },
            { name: t('青羊区', 'Qingyang District') },
            { name: t('武侯区', 'Wuhou District') },
            { name: t('成华区', 'Chenghua District') },
          ],
        },
        {
          name: t('绵阳市', 'Mianyang'),
          children: [
            { name: t('涪城区', 'Fucheng District') },
            { name: t('游仙区', 'Youxian District') },
            { name: t('安州区', 'Anzhou District') },
          ],
        },
        {
          name: t('乐山市', 'Leshan'),
          children: [
            { name: t('市中区', 'Shizhong District') },
            { name: t('五通桥区', 'Wutongqiao District') },
            { name: t('沙湾区', 'Shawan District') },
          ],
        },
      ],
    },
  ],
};
