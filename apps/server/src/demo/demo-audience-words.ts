/** What the demo site's viewers are called and say: plain data for demo-audience.ts. */

/** A viewer's nickname is one of these followed by one of the next. */
export const NICKNAME_HEADS = [
  '快乐的',
  '爱吃瓜的',
  '不想上班的',
  '早睡早起的',
  '路过的',
  '会飞的',
  '认真的',
  '佛系',
  '熬夜的',
  '元气满满的',
  '安静的',
  '追剧的',
] as const;

export const NICKNAME_TAILS = [
  '小熊猫',
  '橘猫',
  '柴犬',
  '咸鱼',
  '西瓜',
  '汤圆',
  '打工人',
  '旅行者',
  '考拉',
  '奶茶',
  '小太阳',
  '松鼠',
] as const;

export const DANMAKU_PHRASES = [
  '前方高能！',
  '哈哈哈哈哈哈',
  '打卡',
  '来了来了',
  '这里好评',
  '太真实了',
  '泪目',
  '名场面',
  '好家伙',
  '学到了',
  '第一次来，好喜欢',
  '这段可以循环一百遍',
  '空降成功',
  '弹幕护体',
  '笑死我了',
  '画面好美',
  '细节满满',
  '我也是这么想的',
  '回来再看一遍',
  '有被感动到',
  '绝了',
  '这个转折没想到',
  '关注了关注了',
  '下次一定',
] as const;

export const COMMENT_PHRASES = [
  '讲得太清楚了，终于看懂了！',
  '每一期都在等更新，辛苦UP主了',
  '看完立刻点了收藏，周末再看一遍',
  '画面和配乐都好用心，三连支持',
  '第一次刷到，这就去看看往期',
  '细节满满，建议多出这种内容',
  '有没有人和我一样反复看了好几遍',
  '评论区的大家都好有才',
  '这期节奏刚刚好，一点都不拖沓',
  '学到了，明天就试试',
  '和朋友一起看的，笑了一晚上',
  '收藏从未停止，学习从未开始',
] as const;

export const REPLY_PHRASES = [
  '同感！',
  '哈哈哈说得对',
  '我也是',
  '+1',
  '说出了我的心声',
  '谢谢支持，下期见！',
  '确实，这段我也看了好几遍',
  '求出续集',
] as const;
