import {
  TORT_DESCRIPTION_MAX_LENGTH,
  TORT_DESCRIPTION_MIN_LENGTH,
  TORT_LINKS_MAX_COUNT,
  TORT_LINKS_MAX_LENGTH,
  TORT_NAME_MAX_LENGTH,
  TORT_PROOFS_MAX_COUNT,
} from '@melon/shared/contracts/tort';
import type { FieldMessage } from '../../http/field-messages.ts';

/** What the infringement calls tell the claimant (decision 055). */
export const tortMessages = {
  submitId: '页面已过期，请刷新后重新提交',
  claimantKind: '请选择投诉人类型',
  nameMissing: '请填写权利人名称',
  nameLength: `权利人名称最多 ${TORT_NAME_MAX_LENGTH} 个字`,
  nameCharacters: '权利人名称不能包含零宽字符、文字方向控制符或其他控制字符',
  mobile: '请填写正确的手机号',
  email: '请填写正确的邮箱',
  right: '请选择被侵犯的权利',
  linksMissing: '请填写侵权视频的链接',
  linksLength: `侵权链接最多 ${TORT_LINKS_MAX_LENGTH} 个字符`,
  linksCount: `一次最多投诉 ${TORT_LINKS_MAX_COUNT} 个视频`,
  linkMalformed: '不是本站的视频链接',
  linkUnknown: '视频不存在或已删除',
  linkOwn: '不能投诉自己的视频',
  lineProblem: (line: number, problem: string) => `第 ${line} 行：${problem}`,
  descriptionShort: `请详细描述侵权情况，至少 ${TORT_DESCRIPTION_MIN_LENGTH} 个字`,
  descriptionLength: `侵权描述最多 ${TORT_DESCRIPTION_MAX_LENGTH} 个字`,
  descriptionCharacters: '侵权描述不能包含零宽字符、文字方向控制符或其他控制字符',
  proofsMissing: '请上传权属证明材料',
  proofsCount: `证明材料最多 ${TORT_PROOFS_MAX_COUNT} 张`,
  proofInvalid: '证明材料图片无效，请重新上传',
  declaration: '请确认并勾选真实性声明',
} as const;

const same = (message: string): FieldMessage => ({ missing: message, invalid: message });

const proofs = same(tortMessages.proofInvalid);

/** Messages for fields the request schemas refuse. */
export const tortFieldMessages: Record<string, FieldMessage> = {
  submit_id: same(tortMessages.submitId),
  claimant_kind: same(tortMessages.claimantKind),
  claimant_name: {
    missing: tortMessages.nameMissing,
    invalid: tortMessages.nameLength,
    pattern: tortMessages.nameCharacters,
  },
  mobile: same(tortMessages.mobile),
  email: same(tortMessages.email),
  right: same(tortMessages.right),
  links: { missing: tortMessages.linksMissing, invalid: tortMessages.linksLength },
  description: {
    missing: tortMessages.descriptionShort,
    invalid: tortMessages.descriptionLength,
    pattern: tortMessages.descriptionCharacters,
  },
  proof_images: {
    missing: tortMessages.proofsMissing,
    invalid: tortMessages.proofsCount,
  },
  // An element of the list: the picture is not one the claimant uploaded.
  ...Object.fromEntries(
    Array.from({ length: TORT_PROOFS_MAX_COUNT }, (_, index) => [`proof_images.${index}`, proofs]),
  ),
  declaration: same(tortMessages.declaration),
  group_id: same(tortMessages.linkUnknown),
};
