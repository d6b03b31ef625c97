/** The demo site's authors and titles, per channel pinyin. Durations are in seconds. */
export const DEMO_AUTHORS = [
  { name: '阿甘看电影', description: '每天一部好电影，三分钟讲清楚。' },
  { name: '游戏老白', description: '硬核游戏评测与速通。' },
  { name: '小鹿爱做饭', description: '家常菜、小零食，跟着做就会。' },
  { name: '科学旅行家', description: '把复杂的知识讲简单。' },
  { name: '运动青年阿杰', description: '篮球、跑步与健身日常。' },
  { name: '城市漫游记', description: '走遍中国的大街小巷。' },
  { name: '弦上的风', description: '吉他弹唱与原创音乐。' },
  { name: '动画研究所', description: '聊国漫、日漫与动画制作。' },
] as const;

interface DemoEntry {
  title: string;
  duration: number;
  author: number;
}

export const DEMO_ITEMS: Record<string, readonly DemoEntry[]> = {
  yingshi: [
    { title: '十分钟看完《流浪地球》：人类带着地球去流浪', duration: 612, author: 0 },
    { title: '这部国产悬疑片，结局反转了三次', duration: 845, author: 0 },
    { title: '周星驰电影里的小人物，为什么让人又笑又哭', duration: 1310, author: 0 },
    { title: '盘点2026年最值得一看的十部华语电影', duration: 1502, author: 0 },
    { title: '《霸王别姬》幕后：张国荣的程蝶衣是怎样炼成的', duration: 977, author: 0 },
    { title: '一口气看完《漫长的季节》全集解说', duration: 3620, author: 0 },
    { title: '香港老电影里的茶餐厅，你还记得几家', duration: 433, author: 5 },
  ],
  youxi: [
    { title: '《黑神话：悟空》全BOSS无伤速通合集', duration: 5412, author: 1 },
    { title: '原神新版本前瞻：新角色强度全解析', duration: 728, author: 1 },
    { title: '王者荣耀国服打野教学：节奏怎么带', duration: 655, author: 1 },
    { title: '我的世界：用红石做了一台计算器', duration: 1204, author: 1 },
    { title: '独立游戏推荐：这五款小众神作不能错过', duration: 903, author: 1 },
    { title: '英雄联盟全球总决赛精彩集锦', duration: 1820, author: 4 },
    { title: '复古掌机开箱：三十年前的童年回来了', duration: 512, author: 1 },
  ],
  yinyue: [
    { title: '一把吉他弹唱《晴天》，副歌太好哭了', duration: 276, author: 6 },
    { title: '古筝版《青花瓷》，国风听起来就是舒服', duration: 241, author: 6 },
    { title: '原创民谣《南方的雨》首发', duration: 318, author: 6 },
    { title: '三分钟学会乐理：为什么有的和弦听起来悲伤', duration: 190, author: 6 },
    { title: '地铁站里的街头钢琴，路人一开口全场安静', duration: 205, author: 5 },
    { title: '华语乐坛十年金曲串烧', duration: 1105, author: 6 },
    { title: '用中国传统乐器演奏《千与千寻》', duration: 297, author: 7 },
  ],
  meishi: [
    { title: '在家做正宗红烧肉，肥而不腻的秘诀', duration: 412, author: 2 },
    { title: '十分钟快手早餐：鸡蛋灌饼', duration: 356, author: 2 },
    { title: '成都街头小吃一条街，吃了整整一天', duration: 1320, author: 5 },
    { title: '零失败的戚风蛋糕，新手也能做', duration: 648, author: 2 },
    { title: '重庆老火锅，牛油锅底自己炒', duration: 905, author: 2 },
    { title: '一碗兰州牛肉面的一天：从凌晨四点开始', duration: 733, author: 5 },
    { title: '广式早茶在家做：虾饺和烧卖', duration: 822, author: 2 },
    { title: '冬天必喝的羊肉汤，一点都不膻', duration: 377, author: 2 },
  ],
  zhishi: [
    { title: '黑洞到底是什么？十分钟讲明白', duration: 645, author: 3 },
    { title: '为什么中国的高铁能跑这么快', duration: 802, author: 3 },
    { title: '人工智能是怎么学会说话的', duration: 1150, author: 3 },
    { title: '一张图看懂中国历史朝代', duration: 530, author: 3 },
    { title: '睡眠的科学：每天睡几个小时最好', duration: 488, author: 3 },
    { title: '从零开始学编程：第一课', duration: 1805, author: 3 },
    { title: '长江三峡大坝是怎么建成的', duration: 1360, author: 5 },
  ],
  tiyu: [
    { title: 'CBA总决赛第七场全场回放', duration: 7120, author: 4 },
    { title: '跑步三个月，我的身体发生了什么变化', duration: 602, author: 4 },
    { title: '乒乓球世锦赛决赛精彩瞬间', duration: 915, author: 4 },
    { title: '在家也能练的二十分钟燃脂训练', duration: 1230, author: 4 },
    { title: '中国女排夺冠之路全回顾', duration: 2150, author: 4 },
    { title: '马拉松新手指南：第一次跑全马要注意什么', duration: 720, author: 4 },
    { title: '街头篮球：三对三高手对决', duration: 488, author: 4 },
  ],
  shenghuo: [
    { title: '一个人住的周末：打扫、做饭和看书', duration: 540, author: 5 },
    { title: '北京胡同里的老手艺人', duration: 860, author: 5 },
    { title: '租房改造：三千块打造温馨小窝', duration: 915, author: 5 },
    { title: '带爸妈去旅行，云南十日游记录', duration: 1625, author: 5 },
    { title: '养猫一年，我学会了这些', duration: 455, author: 5 },
    { title: '上海夜景航拍，这座城市太美了', duration: 212, author: 5 },
    { title: '极简生活三十天挑战', duration: 702, author: 2 },
  ],
  dongman: [
    { title: '国漫崛起：这十部动画值得一看', duration: 1020, author: 7 },
    { title: '手绘动画是怎么做出来的？一帧一帧画给你看', duration: 880, author: 7 },
    { title: '《哪吒之魔童降世》幕后特效揭秘', duration: 1140, author: 7 },
    { title: '新番导视：本季必追的五部动画', duration: 605, author: 7 },
    { title: '宫崎骏电影里的美食，我都做出来了', duration: 760, author: 2 },
    { title: '动画配音演员的一天', duration: 540, author: 7 },
    { title: '用定格动画拍了一个小故事', duration: 198, author: 7 },
  ],
  keji: [
    { title: '新款折叠屏手机上手体验：值不值得买', duration: 842, author: 3 },
    { title: '自己组装一台电脑，预算五千够不够', duration: 1320, author: 1 },
    { title: '国产芯片发展到哪一步了', duration: 1015, author: 3 },
    { title: '智能家居全屋改造，一句话控制所有电器', duration: 736, author: 5 },
    { title: '电动车续航实测：冬天能跑多远', duration: 1188, author: 4 },
    { title: '无人机航拍入门：第一次起飞就上手', duration: 655, author: 5 },
    { title: '拆解一台老式收音机，看看里面有什么', duration: 590, author: 3 },
  ],
  zhibo: [
    { title: '【直播回放】深夜电台：听歌聊天', duration: 7260, author: 6 },
    { title: '【直播回放】黑神话挑战全成就', duration: 10830, author: 1 },
    { title: '【直播回放】一起包饺子过冬至', duration: 3640, author: 2 },
    { title: '【直播回放】周末篮球赛现场', duration: 5420, author: 4 },
    { title: '【直播回放】城市夜跑直播', duration: 2710, author: 5 },
    { title: '【直播回放】动画原画现场绘制', duration: 4120, author: 7 },
  ],
  huiyuan: [
    { title: '会员专享：4K修复经典电影《大闹天宫》', duration: 6320, author: 0 },
    { title: '会员专享：纪录片《舌尖上的家乡》第一集', duration: 2890, author: 2 },
  ],
};
