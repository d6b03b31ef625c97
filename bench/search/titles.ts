/*
 * Realistic Chinese video titles for the search benchmark: a subject of a category in one of
 * the category's title templates, with now and then a series number or a lead-in. Seeded, so a
 * run is repeatable. Not the demo media: words and templates only.
 */

interface Category {
  subjects: string[];
  templates: string[];
  tags: string[];
}

const CATEGORIES: Category[] = [
  {
    subjects: [
      '西瓜',
      '火锅',
      '小笼包',
      '麻婆豆腐',
      '红烧肉',
      '糖醋排骨',
      '蛋炒饭',
      '牛肉面',
      '饺子',
      '月饼',
      '粽子',
      '奶茶',
      '提拉米苏',
      '螺蛳粉',
      '凉皮',
      '烤鸭',
      '酸菜鱼',
      '煎饼果子',
      '肉夹馍',
      '臭豆腐',
      '榴莲',
      '草莓',
      '芒果',
      '麻辣烫',
      '烧烤',
      '寿司',
      '披萨',
      '汉堡',
      '炸鸡',
      '豆浆',
    ],
    templates: [
      '{x}的家常做法，步骤超详细',
      '在家做{x}，简单又好吃',
      '吃{x}的正确方式，你学会了吗',
      '{x}探店：这家店排队两小时',
      '三分钟学会{x}',
      '全网最火的{x}吃法',
    ],
    tags: ['美食', '家常菜', '探店'],
  },
  {
    subjects: [
      '西湖',
      '故宫',
      '长城',
      '黄山',
      '九寨沟',
      '张家界',
      '丽江古城',
      '鼓浪屿',
      '布达拉宫',
      '泰山',
      '桂林山水',
      '兵马俑',
      '洱海',
      '三亚',
      '外滩',
      '乌镇',
      '峨眉山',
      '莫高窟',
      '呼伦贝尔',
      '喀纳斯',
      '景德镇',
      '凤凰古城',
      '稻城亚丁',
      '青海湖',
    ],
    templates: [
      '{x}旅游攻略：三天两夜怎么玩',
      '第一次去{x}，这些坑别踩',
      '航拍{x}，太美了',
      '{x}自驾游全记录',
      '一个人去{x}是什么体验',
      '{x}最美的季节',
    ],
    tags: ['旅行', '攻略', 'vlog'],
  },
  {
    subjects: [
      'iPhone',
      'MacBook',
      '华为手机',
      '机械键盘',
      '显卡',
      '无人机',
      '单反相机',
      '降噪耳机',
      '智能手表',
      '路由器',
      '扫地机器人',
      '电动牙刷',
      '投影仪',
      '移动硬盘',
      '充电宝',
      '平板电脑',
      '游戏本',
      '显示器',
    ],
    templates: [
      '{x}深度测评：值不值得买',
      '{x}开箱体验',
      '{x}选购指南，看完不踩坑',
      '用了一年的{x}，说说真实感受',
      '{x}横评：五款对比',
    ],
    tags: ['数码', '测评', '科技'],
  },
  {
    subjects: [
      '王者荣耀',
      '原神',
      '我的世界',
      '英雄联盟',
      '象棋',
      '围棋',
      '塞尔达传说',
      '俄罗斯方块',
      '超级马里奥',
      '绝地求生',
      '黑神话悟空',
      '植物大战僵尸',
    ],
    templates: [
      '{x}新手入门教程',
      '{x}高端操作集锦',
      '{x}搞笑瞬间合集',
      '{x}版本更新解读',
      '{x}全收集攻略',
    ],
    tags: ['游戏', '电竞'],
  },
  {
    subjects: [
      '吉他',
      '钢琴',
      '古筝',
      '二胡',
      '小提琴',
      '架子鼓',
      '尤克里里',
      '萨克斯',
      '口琴',
      '琵琶',
      '笛子',
      '大提琴',
    ],
    templates: [
      '零基础学{x}，第一课',
      '{x}演奏《茉莉花》',
      '{x}入门指法练习',
      '{x}弹唱热门歌曲',
      '{x}考级曲目示范',
    ],
    tags: ['音乐', '乐器'],
  },
  {
    subjects: [
      '猫咪',
      '柯基',
      '仓鼠',
      '鹦鹉',
      '金鱼',
      '兔子',
      '哈士奇',
      '布偶猫',
      '乌龟',
      '刺猬',
      '金毛',
      '橘猫',
    ],
    templates: [
      '{x}的日常，太可爱了',
      '第一次养{x}要注意什么',
      '{x}拆家现场',
      '{x}洗澡记',
      '给{x}做了个新家',
    ],
    tags: ['萌宠', '宠物'],
  },
  {
    subjects: [
      '篮球',
      '足球',
      '乒乓球',
      '羽毛球',
      '游泳',
      '瑜伽',
      '跑步',
      '滑雪',
      '攀岩',
      '太极拳',
      '网球',
      '跳绳',
    ],
    templates: [
      '{x}基础动作教学',
      '{x}比赛精彩集锦',
      '每天{x}三十分钟，一个月后的变化',
      '{x}常见错误纠正',
      '{x}装备推荐',
    ],
    tags: ['运动', '健身'],
  },
  {
    subjects: [
      '蝴蝶结',
      '折纸',
      '编织',
      '刺绣',
      '木工',
      '陶艺',
      '剪纸',
      '书法',
      '水彩画',
      '素描',
      '油画',
      '插花',
    ],
    templates: [
      '{x}入门教程',
      '手工{x}，一步一步教你',
      '{x}作品分享',
      '{x}工具怎么选',
      '用{x}做一份礼物',
    ],
    tags: ['手工', '教程'],
  },
];

const LEAD_INS = ['【干货】', '【vlog】', '2026最新：', '超详细！', '收藏！', ''];
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙'];
const NICKNAMES = [
  '小厨',
  '旅人',
  '数码控',
  '玩家',
  '老师',
  '铲屎官',
  '教练',
  '手作',
  '阿杰',
  '大飞',
  '林林',
  '小雨',
];

export interface GeneratedItem {
  title: string;
  abstract: string;
  tag: string;
  author: number;
  durationMs: number;
  plays: number;
  likes: number;
  ageDays: number;
}

const pick = <T>(rand: () => number, list: readonly T[]): T => {
  const value = list[Math.floor(rand() * list.length)];
  if (value === undefined) throw new Error('empty word list');
  return value;
};

/** An author's name: surname, nickname and a number, unique per index. */
export const authorName = (index: number): string =>
  `${SURNAMES[index % SURNAMES.length] ?? ''}${NICKNAMES[Math.floor(index / SURNAMES.length) % NICKNAMES.length] ?? ''}${index}`;

/** One generated item: title, abstract, tag, author, length, plays, likes and age. */
export function generateItem(rand: () => number, authors: number): GeneratedItem {
  const category = pick(rand, CATEGORIES);
  const subject = pick(rand, category.subjects);
  const numbered = rand() < 0.2 ? `（第${1 + Math.floor(rand() * 50)}期）` : '';
  const title = `${pick(rand, LEAD_INS)}${pick(rand, category.templates).replace('{x}', subject)}${numbered}`;
  return {
    title,
    abstract: `关于${subject}的视频，喜欢请点赞收藏`,
    tag: pick(rand, category.tags),
    author: Math.floor(rand() * authors),
    durationMs: Math.floor(rand() ** 2 * 3_600_000) + 15_000,
    plays: Math.floor(rand() ** 4 * 5_000_000),
    likes: Math.floor(rand() ** 4 * 100_000),
    ageDays: rand() ** 2 * 720,
  };
}
